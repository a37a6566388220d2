// Connect4 bot: always plays the leftmost column that is not full (assumes the 9x9 default).
import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    public static void main(String[] args) throws Exception {
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
            if (line == null) return;
            int n = Integer.parseInt(line.trim());
            if (n >= 10) return;
            height[n]++;
            myTurn = true;
        }
    }
}
