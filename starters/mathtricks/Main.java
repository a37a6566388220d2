// Starter bot for mathtricks: moves to the first free neighbouring cell it finds.
//
// Protocol (one line each way, flush after every line):
//   START 1 / START 2      your player number; answer OK
//   BOARD W H              sent right after your OK, followed by H lines of W cells such as
//                          "+3 -4 *2 /2 +0 *0" (cell x y is column x of line y; 0 0 is top-left)
//   MOVE x y               the opponent moved its pawn to x y
//   TURN                   your move: answer "x y", one of the 8 neighbouring cells of your pawn
//                          that no pawn has ever visited
//   END 0 / 1 / 2          draw / you won / you lost; the game is over
// Each cell's operation is applied to the mover's total; the higher total wins at the end.
// Lines starting with DEBUG go to your game log.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class Main {
    static int width, height;
    static String[][] cells;     // cells[y][x]: the operation text, e.g. "*2"
    static boolean[][] visited;  // whether a pawn has ever stood there
    static int[] pawnX = new int[3], pawnY = new int[3]; // pawns of players 1 and 2

    static void visit(int player, int x, int y) {
        pawnX[player] = x;
        pawnY[player] = y;
        visited[y][x] = true;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int me = 1;
        String line;
        while ((line = in.readLine()) != null) {
            String[] words = line.trim().split("\\s+");
            if (words[0].equals("START")) {
                me = Integer.parseInt(words[1]);
                System.out.println("OK");
                System.out.flush();
            } else if (words[0].equals("BOARD")) {
                width = Integer.parseInt(words[1]);
                height = Integer.parseInt(words[2]);
                cells = new String[height][];
                for (int y = 0; y < height; y++) cells[y] = in.readLine().trim().split("\\s+");
                visited = new boolean[height][width];
                visit(1, 0, 0);
                visit(2, width - 1, height - 1);
                System.out.println("DEBUG starter bot, player " + me + " on a " + width + "x" + height + " board");
                System.out.flush();
            } else if (words[0].equals("MOVE")) {
                visit(3 - me, Integer.parseInt(words[1]), Integer.parseInt(words[2]));
            } else if (words[0].equals("TURN")) {
                // TURN only comes when we have a move: take the first free neighbour.
                search:
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        int x = pawnX[me] + dx, y = pawnY[me] + dy;
                        if (x < 0 || x >= width || y < 0 || y >= height || visited[y][x]) continue;
                        visit(me, x, y);
                        System.out.println(x + " " + y);
                        System.out.flush();
                        break search;
                    }
            } else if (words[0].equals("END")) {
                break;
            }
        }
    }
}
