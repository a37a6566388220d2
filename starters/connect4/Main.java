// Starter bot for connect4 (9 x 9 grid): drops its disc into the first column that is not full.
//
// Protocol (one number per line, flush after every line):
//   the bot is started with one argument, "first" or "second";
//   the judge sends a "magic number" first (read it; you may ignore it);
//   then the players print their columns (0..8) in turn, and the judge sends each column to the
//   other player, whose turn it then is;
//   at the end the judge sends 10 (you won), 11 (you lost) or 12 (draw).
// Lines starting with DEBUG go to your game log.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class Main {
    // The protocol does not send the grid size: change these if your contest sets other rows/cols.
    static final int ROWS = 9, COLS = 9;

    // grid[row][col], row 0 at the bottom: 0 empty, 1 our disc, 2 the opponent's.
    static int[][] grid = new int[ROWS][COLS];
    static int[] height = new int[COLS]; // discs in each column = the row the next disc lands on

    static void drop(int col, int who) {
        grid[height[col]][col] = who;
        height[col]++;
    }

    // The first column that is not full, or -1 when the grid is full.
    static int choose() {
        for (int col = 0; col < COLS; col++)
            if (height[col] < ROWS) return col;
        return -1;
    }

    static void play() {
        int col = choose();
        if (col < 0) return; // the grid is full: the game is over and the final code follows
        drop(col, 1);
        System.out.println(col);
        System.out.flush();
    }

    public static void main(String[] args) throws IOException {
        String side = args.length > 0 ? args[0] : "";
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String magic = in.readLine();
        if (magic == null) return;
        System.out.println("DEBUG starter bot, playing " + side + ", magic number " + magic.trim());
        System.out.flush();
        if (side.equals("first")) play();
        String line;
        while ((line = in.readLine()) != null) {
            int number = Integer.parseInt(line.trim());
            if (number >= 10) break; // 10 won, 11 lost, 12 draw: the game is over
            drop(number, 2); // the opponent's column; now it is our turn
            // (if that move ended the game, the judge ignores this answer and sends the final code)
            play();
        }
    }
}
