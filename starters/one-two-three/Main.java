// Starter bot for one-two-three: fills the first free cell, plus up to two cells to its right.
//
// Protocol: the bot is started afresh for every move and plays exactly one move.
//   input:  "M N" (columns, rows), then N lines of M characters ('A', 'B' or '-' for free),
//           then the letter of the player to move ('A' or 'B'); lines end with \r\n
//   output: the board after the move, N lines of M characters
// A move covers 1 to 3 cells in a straight line (here: a horizontal run); at least one must be
// free, the others may be free or already ours, never the opponent's.
// If the input is malformed (sizes outside 3..20, wrong characters or line lengths, a mover
// other than A or B, a full board) the bot prints "error" and a line saying why.
// Standard output is the board only: DEBUG messages go to standard error, which is logged.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

public class Main {
    static void fail(String why) {
        System.out.println("error");
        System.out.println(why);
        System.exit(0);
    }

    public static void main(String[] args) throws IOException {
        // readLine() removes the line end, \r\n or \n.
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String header = in.readLine();
        if (header == null || !header.matches("[0-9]+ [0-9]+")) fail("the first line must be two numbers, M N");
        String[] parts = header.split(" ");
        int cols = Integer.parseInt(parts[0]), rows = Integer.parseInt(parts[1]);
        if (cols < 3 || cols > 20 || rows < 3 || rows > 20)
            fail("the board must be 3 to 20 columns by 3 to 20 rows");

        char[][] board = new char[rows][];
        for (int r = 0; r < rows; r++) {
            String line = in.readLine();
            if (line == null) fail("the input ended before the last row");
            if (line.length() != cols || !line.matches("[AB-]*"))
                fail("every row must be M characters of A, B and -");
            board[r] = line.toCharArray();
        }
        String mover = in.readLine();
        if (mover == null || !(mover.equals("A") || mover.equals("B")))
            fail("the last line must be the player to move, A or B");
        char me = mover.charAt(0);

        // The move: the first free cell, extended to the right over free cells and our own.
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                if (board[r][c] != '-') continue;
                int placed = 0;
                while (placed < 3 && c + placed < cols && (board[r][c + placed] == '-' || board[r][c + placed] == me)) {
                    board[r][c + placed] = me;
                    placed++;
                }
                // Rows and columns counted from 1, as the game's viewer and the judge's messages count them.
                System.err.println("DEBUG " + me + " placed " + placed + " cell(s) from row " + (r + 1) + ", column " + (c + 1));
                StringBuilder out = new StringBuilder();
                for (char[] row : board) out.append(row).append('\n');
                System.out.print(out);
                System.out.flush();
                return;
            }
        fail("the board is already full");
    }
}
