// Starter bot for tron: goes straight while it can, and turns to the first free cell when the
// cell ahead is taken.
//
// Protocol (real time; one line each way, flush after every line):
//   the judge sends your player number, "1" or "2": answer your name (3-9 of A-Z a-z 0-9 - _)
//   PELI W H ms      the grid is W x H and the lines move every ms milliseconds, starting 1 s from
//                    now; (0,0) is the bottom-left cell, +Y is up, and the grid wraps around at the
//                    edges. Player 1 starts on (0,0) going -X, player 2 on (1,0) going +X.
//   you print a direction, +X, -X, +Y or -Y, whenever you like: the last one printed before a tick
//   is used on that tick
//   SIIRTO 1 x y / SIIRTO 2 x y   every tick: the new head cells of both lines
//   LOPPU            the game is over
// Entering any used cell (either line's) crashes. Lines starting with DEBUG go to your game log.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class Main {
    static final String[] NAMES = {"+X", "-X", "+Y", "-Y"};
    static final int[] DX = {1, -1, 0, 0}, DY = {0, 0, 1, -1};

    static int width, height;
    static boolean[][] used;                            // used[x][y]: every cell either line has been on
    static int[] headX = new int[3], headY = new int[3]; // heads of players 1 and 2
    static int me, direction;                           // direction: an index into NAMES

    // Whether the cell one step from our head in direction d is used (the grid wraps around).
    static boolean blocked(int d) {
        int x = (headX[me] + DX[d] + width) % width;
        int y = (headY[me] + DY[d] + height) % height;
        return used[x][y];
    }

    // Keeps the direction if the cell ahead is free, else takes the first free one.
    static void steer() {
        int choice = direction;
        if (blocked(choice)) {
            for (int d = 0; d < 4; d++) {
                if (!blocked(d)) {
                    choice = d;
                    break;
                }
            }
        }
        if (choice != direction) {
            direction = choice;
            System.out.println(NAMES[direction]);
            System.out.flush();
        }
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        me = Integer.parseInt(in.readLine().trim());
        direction = me == 1 ? 1 : 0; // the judge's default until we print one: -X / +X
        System.out.println("starter");
        System.out.flush();
        String line;
        while ((line = in.readLine()) != null) {
            String[] words = line.trim().split("\\s+");
            if (words[0].equals("PELI")) {
                width = Integer.parseInt(words[1]);
                height = Integer.parseInt(words[2]);
                used = new boolean[width][height];
                headX[1] = 0; headY[1] = 0;
                headX[2] = 1; headY[2] = 0;
                used[0][0] = used[1][0] = true;
                System.out.println("DEBUG starter bot, player " + me + " on " + width + "x" + height + " every " + words[3] + " ms");
                System.out.flush();
                steer();
            } else if (words[0].equals("SIIRTO")) {
                int player = Integer.parseInt(words[1]);
                int x = Integer.parseInt(words[2]), y = Integer.parseInt(words[3]);
                headX[player] = x;
                headY[player] = y;
                used[x][y] = true;
                if (player == 2) steer(); // both heads have moved: choose the next direction
            } else if (words[0].equals("LOPPU")) {
                break;
            }
        }
    }
}
