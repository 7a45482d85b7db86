import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The deterministic benchmark CSV (byte-identical everywhere):
 * java Gen.java <rows> <out.csv>
 * header id,customer_id,amount,status; for i = 1..N: customer_id = (i*2654435761 + 42) mod 100000,
 * amount = ((i*97 + 42) mod 100000) / 100 with exactly two decimals,
 * status = [shipped, pending, returned, cancelled][i mod 4]; LF line ends.
 */
public class Gen {
    private static final byte[][] STATUS = {
        "shipped".getBytes(StandardCharsets.US_ASCII), "pending".getBytes(StandardCharsets.US_ASCII),
        "returned".getBytes(StandardCharsets.US_ASCII), "cancelled".getBytes(StandardCharsets.US_ASCII)};

    public static void main(String[] args) throws IOException {
        long n = Long.parseLong(args[0]);
        try (OutputStream out = new BufferedOutputStream(new FileOutputStream(args[1]), 1 << 20)) {
            out.write("id,customer_id,amount,status\n".getBytes(StandardCharsets.US_ASCII));
            byte[] line = new byte[128];
            for (long i = 1; i <= n; i++) {
                int p = 0;
                p = digits(line, p, i);
                line[p++] = ',';
                p = digits(line, p, (i * 2654435761L + 42) % 100000);
                line[p++] = ',';
                long cents = (i * 97 + 42) % 100000;
                p = digits(line, p, cents / 100);
                line[p++] = '.';
                line[p++] = (byte) ('0' + (cents % 100) / 10);
                line[p++] = (byte) ('0' + cents % 10);
                line[p++] = ',';
                byte[] s = STATUS[(int) (i % 4)];
                System.arraycopy(s, 0, line, p, s.length);
                p += s.length;
                line[p++] = '\n';
                out.write(line, 0, p);
            }
        }
    }

    private static int digits(byte[] b, int p, long v) {
        String s = Long.toString(v);
        for (int k = 0; k < s.length(); k++) {
            b[p++] = (byte) s.charAt(k);
        }
        return p;
    }
}
