// Starter bot for checkers: plays the first legal move it finds.
//
// Protocol (one line each way, flush after every line):
//   START 1 / START 2   you are Black (moves first, towards row 0) / White (towards row 7); answer OK
//   PLACE N r,c ...     the opponent's move: the N squares its piece stood on, start first
//   TURN                your move: answer "N r,c r,c ..." in the same form
//   END 0 / 1 / 2       draw / you won / you lost; the game is over
// Lines starting with DEBUG go to your game log. Captures are mandatory, and you must take the
// longest capture chain available (majority rule).
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;

public class Main {
    // board[row][col]: '.' empty, 'b' / 'B' Black man / king, 'w' / 'W' White man / king.
    static char[][] board = new char[8][8];
    static char me = 'b';

    static final int[] DR = {-1, -1, 1, 1}, DC = {-1, 1, -1, 1};

    static boolean onBoard(int row, int col) {
        return row >= 0 && row < 8 && col >= 0 && col < 8;
    }

    static boolean isMine(char piece) {
        return piece != '.' && Character.toLowerCase(piece) == me;
    }

    // A move is a list of squares {row, col} the piece stands on, start first.

    // Extends the jump chain `path` in every possible way; complete chains go to `chains`.
    // Jumped pieces stay on the board until the move ends, and may not be jumped twice.
    static void captureChains(List<int[]> path, boolean[][] jumped, List<List<int[]>> chains) {
        int[] at = path.get(path.size() - 1);
        boolean extended = false;
        for (int d = 0; d < 4; d++) {
            int overR = at[0] + DR[d], overC = at[1] + DC[d];
            int landR = at[0] + 2 * DR[d], landC = at[1] + 2 * DC[d];
            if (!onBoard(landR, landC) || jumped[overR][overC]) continue;
            char victim = board[overR][overC];
            if (victim != '.' && !isMine(victim) && board[landR][landC] == '.') {
                extended = true;
                jumped[overR][overC] = true;
                path.add(new int[] {landR, landC});
                captureChains(path, jumped, chains);
                path.remove(path.size() - 1);
                jumped[overR][overC] = false;
            }
        }
        if (!extended && path.size() > 1) chains.add(new ArrayList<>(path));
    }

    // Every legal move of our side.
    static List<List<int[]>> legalMoves() {
        List<List<int[]>> chains = new ArrayList<>();
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < 8; c++)
                if (isMine(board[r][c])) {
                    char piece = board[r][c];
                    board[r][c] = '.'; // the piece has left its square while it jumps
                    List<int[]> path = new ArrayList<>();
                    path.add(new int[] {r, c});
                    captureChains(path, new boolean[8][8], chains);
                    board[r][c] = piece;
                }
        if (!chains.isEmpty()) { // only the longest captures are legal
            int longest = 0;
            for (List<int[]> m : chains) longest = Math.max(longest, m.size());
            final int most = longest;
            chains.removeIf(m -> m.size() < most);
            return chains;
        }
        List<List<int[]>> steps = new ArrayList<>();
        int forward = me == 'b' ? -1 : 1;
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < 8; c++) {
                if (!isMine(board[r][c])) continue;
                for (int d = 0; d < 4; d++) {
                    if (Character.isLowerCase(board[r][c]) && DR[d] != forward) continue; // men step only forward
                    int tr = r + DR[d], tc = c + DC[d];
                    if (onBoard(tr, tc) && board[tr][tc] == '.')
                        steps.add(List.of(new int[] {r, c}, new int[] {tr, tc}));
                }
            }
        return steps;
    }

    // Plays a move (ours or the opponent's) on our copy of the board.
    static void play(List<int[]> m) {
        int[] from = m.get(0), to = m.get(m.size() - 1);
        char piece = board[from[0]][from[1]];
        board[from[0]][from[1]] = '.';
        for (int i = 1; i < m.size(); i++) {
            int[] a = m.get(i - 1), b = m.get(i);
            if (Math.abs(b[0] - a[0]) == 2) // a jump: the piece in between is captured
                board[(a[0] + b[0]) / 2][(a[1] + b[1]) / 2] = '.';
        }
        if ((piece == 'b' && to[0] == 0) || (piece == 'w' && to[0] == 7))
            piece = Character.toUpperCase(piece); // crowned on the far row
        board[to[0]][to[1]] = piece;
    }

    public static void main(String[] args) throws IOException {
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < 8; c++)
                board[r][c] = (r + c) % 2 == 0 ? '.' : r <= 2 ? 'w' : r >= 5 ? 'b' : '.';

        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            String[] words = line.trim().split("\\s+");
            if (words[0].equals("START")) {
                me = words[1].equals("1") ? 'b' : 'w';
                System.out.println("OK");
                System.out.println("DEBUG starter bot playing " + (me == 'b' ? "Black" : "White"));
                System.out.flush();
            } else if (words[0].equals("PLACE")) {
                List<int[]> m = new ArrayList<>();
                for (int i = 2; i < words.length; i++) {
                    String[] rc = words[i].split(",");
                    m.add(new int[] {Integer.parseInt(rc[0]), Integer.parseInt(rc[1])});
                }
                play(m);
            } else if (words[0].equals("TURN")) {
                List<int[]> m = legalMoves().get(0); // TURN only comes when we have a move
                play(m);
                StringBuilder answer = new StringBuilder().append(m.size());
                for (int[] sq : m) answer.append(' ').append(sq[0]).append(',').append(sq[1]);
                System.out.println(answer);
                System.out.flush();
            } else if (words[0].equals("END")) {
                break;
            }
        }
    }
}
