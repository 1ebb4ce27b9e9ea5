// npm pack's prepack: builds the extension with the repository's Makefile
// and puts it, stripped, in lib/ (the package ships the built library).
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..', '..');
const suffix = process.platform === 'darwin' ? 'dylib' : 'so';
const built = path.join(root, 'build', `ok.${suffix}`);
const lib = path.join(__dirname, 'lib', `ok.${suffix}`);
const version = fs.readFileSync(path.join(root, 'VERSION'), 'utf8').trim();
if (require('./package.json').version !== version) {
  throw new Error(`sqlite-ok: package.json says ${require('./package.json').version}, VERSION says ${version}`);
}
execFileSync('make', ['-s', '-C', root, 'all'], { stdio: ['ignore', 'ignore', 'inherit'] });
fs.mkdirSync(path.dirname(lib), { recursive: true });
// ok, and ok_files (LevelDB read from its files, linking no store library)
for (const name of ['ok', 'ok_files']) {
  const from = path.join(root, 'build', `${name}.${suffix}`), to = path.join(__dirname, 'lib', `${name}.${suffix}`);
  try {
    execFileSync('strip', ['--strip-unneeded', '-o', to, from]);
  } catch {
    fs.copyFileSync(from, to);
  }
}
// the platform the library was built for: npm's os and cpu say where the
// package may be built, this says what the tarball holds (index.js checks)
fs.writeFileSync(path.join(__dirname, 'lib', 'platform.json'),
                 JSON.stringify({ platform: process.platform, arch: process.arch }) + '\n');
