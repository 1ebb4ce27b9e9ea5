#!/usr/bin/python3
"""webkit.py URL DIR: loads URL in a WebKitGTK view (WebKit2 4.1 through
PyGObject) whose website data live in DIR, until the page's title is
'done' or two minutes pass. Run under xvfb-run by check.py."""
import sys
import time

import gi

gi.require_version("WebKit2", "4.1")
gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402

url, data = sys.argv[1], sys.argv[2]
manager = WebKit2.WebsiteDataManager(base_data_directory=data, base_cache_directory=data + "/cache")
view = WebKit2.WebView.new_with_context(WebKit2.WebContext.new_with_website_data_manager(manager))
window = Gtk.Window()
window.add(view)
window.show_all()
view.load_uri(url)
start = time.time()


def poll():
    if view.get_title() == "done" or time.time() - start > 120:
        Gtk.main_quit()
        return False
    return True


GLib.timeout_add(100, poll)
Gtk.main()
print(f"WebKitGTK {WebKit2.get_major_version()}.{WebKit2.get_minor_version()}.{WebKit2.get_micro_version()}")
