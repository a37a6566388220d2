// Connect4 bot (9x9 default) that starts 60 worker threads before it plays, as an ordinary
// multi-threaded Java bot does: each thread searches one column a little, all of them stay alive
// for the whole game. It then plays the leftmost column that is not full.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

public class Main {
    public static void main(String[] args) throws Exception {
        int threads = 60;
        CountDownLatch started = new CountDownLatch(threads);
        CountDownLatch done = new CountDownLatch(1);
        List<Thread> pool = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> {
                started.countDown();
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
        started.await();
        System.err.println("started " + pool.size() + " threads");

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
