// DoubleStrings N [SEED [KIND]]: Double.toString of N doubles of every kind
// (or of KIND alone, 0 to 7, as listed below), as the
// Java that runs this prints them, for test/java_double.c to check ok's
// digits against. The first line is "# java <feature version>"; then one
// line a double: its bits as 16 hex digits, a tab, Double.toString.
//
// Kinds, in turn: any bits; magnitudes of 1e16 and up; powers of two and
// their neighbours; subnormals; integers near 2^53; prices (units.cents);
// magnitudes from 1e-3 to 1e7 (the plain form, where one digit may do);
// short decimals k/10^j and floats widened to double.
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.util.SplittableRandom;

public class DoubleStrings {
  public static void main(String[] args) throws IOException {
    long n = Long.parseLong(args[0]);
    SplittableRandom r = new SplittableRandom(args.length > 1 ? Long.parseLong(args[1]) : 20261124L);
    BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, "US-ASCII"), 1 << 16);
    out.write("# java " + Runtime.version().feature() + "\n");
    String zeros = "0000000000000000";
    int only = args.length > 2 ? Integer.parseInt(args[2]) : -1;
    for (long i = 0; i < n; i++) {
      double d;
      switch (only >= 0 ? only : (int) (i % 8)) {
        case 0: d = Double.longBitsToDouble(r.nextLong()); break;
        case 1: {
          long e = r.nextInt(4) == 0 ? 1076 + r.nextInt(971) : 1076 + r.nextInt(75);
          d = Double.longBitsToDouble((r.nextLong() & 0x800FFFFFFFFFFFFFL) | (e << 52));
          break;
        }
        case 2: {
          double p = Math.scalb(1.0, r.nextInt(2098) - 1074);
          int w = r.nextInt(3);
          d = w == 0 ? p : w == 1 ? Math.nextUp(p) : Math.nextDown(p);
          if (r.nextBoolean()) d = -d;
          break;
        }
        case 3: {
          long f = r.nextInt(3) == 0 ? 1L << r.nextInt(52) | (r.nextBoolean() ? 1L << r.nextInt(52) : 0)
                   : r.nextInt(4) == 0 ? 1 + r.nextInt(1000) : r.nextLong() & 0xFFFFFFFFFFFFFL;
          d = Double.longBitsToDouble(f | (r.nextBoolean() ? Long.MIN_VALUE : 0));
          break;
        }
        case 4: {
          long b = 1L << 53;
          long v = r.nextInt(4) == 0 ? b + r.nextLong(1L << 62) : b + r.nextInt(1 << 21) - (1 << 20);
          d = r.nextBoolean() ? (double) v : -(double) v;
          break;
        }
        case 5: {
          long cents = r.nextLong((long) Math.pow(10, 1 + r.nextInt(11)));
          d = Double.parseDouble(cents / 100 + "." + (cents % 100 < 10 ? "0" : "") + cents % 100);
          break;
        }
        case 6: d = Math.pow(10, r.nextDouble() * 10 - 3) * (r.nextBoolean() ? 1 : -1); break;
        default:
          d = r.nextBoolean() ? r.nextInt(1000000) / Math.pow(10, r.nextInt(12))
                              : (double) Float.intBitsToFloat(r.nextInt());
      }
      if (Double.isNaN(d) || Double.isInfinite(d) || d == 0) continue;
      String h = Long.toHexString(Double.doubleToRawLongBits(d)).toUpperCase();
      out.write(zeros, 0, 16 - h.length());
      out.write(h);
      out.write('\t');
      out.write(Double.toString(d));
      out.write('\n');
    }
    out.flush();
  }
}
