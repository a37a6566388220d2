// Connect4 bot (9x9 default) that starts threads until the process limit refuses one, keeps
// them, and then plays the leftmost column that is not full. The JVM prints a warning when a
// thread cannot start; that warning must not reach standard output, where it would be a move.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

public class Main {
    public static void main(String[] args) throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        List<Thread> pool = new ArrayList<>();
        try {
            for (int i = 0; i < 2000; i++) {
                Thread t = new Thread(() -> {
                    try {
                        done.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                t.setDaemon(true);
                t.start();
                pool.add(t);
            }
        } catch (OutOfMemoryError e) {
            System.err.println("stopped at " + pool.size() + " threads: " + e.getMessage());
        }

        int[] height = new int[9];
        boolean myTurn = args.length > 0 && args[0].equals("first");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        if (in.readLine() == null) return; // magic number
        while (true) {
            if (myTurn) {
                int c = 0;
                while (c < 9 && height[c] >= 9) c++;
                height[c]++;
                System.out.println(c);
                System.out.flush();
            }
            String line = in.readLine();
            if (line == null) break;
            int n = Integer.parseInt(line.trim());
            if (n >= 10) break;
            height[n]++;
            myTurn = true;
        }
        done.countDown();
    }
}
