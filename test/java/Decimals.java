// Decimals.java N: the decimals Java's BigDecimal gives for N random doubles
// and N random decimal texts, as HBase's OrderedBytes takes them:
// BigDecimal.valueOf(d) (Double.toString's digits) and new BigDecimal(text),
// each without trailing zeros and rounded to 31 digits, half up (HBase's
// normalize). test/hbase_decimals.c demands that ok_hbase_pack(d) and
// ok_hbase_numeric(text) give the same items as ok_hbase_numeric of these.
// The first line is "# java <feature version>": the decimals of doubles
// depend on it (Double.toString changed in Java 19). Then lines
// "D\t<double bits hex>\t<decimal>" and "S\t<text>\t<decimal>".
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Random;

public class Decimals {
  public static void main(String[] args) {
    Random r = new Random(20261122L);
    MathContext hbase = new MathContext(31, RoundingMode.HALF_UP);
    int n = Integer.parseInt(args[0]);
    StringBuilder out = new StringBuilder("# java " + Runtime.version().feature() + "\n");
    for (int i = 0; i < n; i++) {
      long bits;
      switch (i % 4) {
        case 0: bits = r.nextLong(); break; // any bits
        case 1: // few decimals: prices, measurements
          bits = Double.doubleToLongBits((r.nextLong() >>> r.nextInt(64)) / Math.pow(10, r.nextInt(17)));
          break;
        case 2: // exponents near 1
          bits = (r.nextLong() & 0x800FFFFFFFFFFFFFL) | ((long) (963 + r.nextInt(120)) << 52);
          break;
        default: bits = r.nextLong() & 0x800FFFFFFFFFFFFFL; // subnormals
      }
      double d = Double.longBitsToDouble(bits);
      if (!Double.isNaN(d) && !Double.isInfinite(d) && d != 0) {
        BigDecimal b = BigDecimal.valueOf(d).stripTrailingZeros().round(hbase);
        out.append(String.format("D\t%016X\t%s%n", bits, b));
      }
      StringBuilder text = new StringBuilder(r.nextBoolean() ? "-" : "");
      int len = 1 + r.nextInt(45);
      for (int j = 0; j < len; j++) text.append((char) ('0' + (r.nextInt(4) == 0 ? 9 : r.nextInt(10))));
      text.append('e').append(r.nextInt(1200) - 600);
      BigDecimal t = new BigDecimal(text.toString()).stripTrailingZeros().round(hbase);
      out.append(String.format("S\t%s\t%s%n", text, t));
    }
    System.out.print(out);
  }
}
