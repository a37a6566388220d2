// Grows a list of 10 MiB arrays until something stops it.
import java.util.ArrayList;
public class MemoryBomb {
    public static void main(String[] args) {
        if (args.length > 0) { System.out.println("hello from java"); return; }
        ArrayList<long[]> hoard = new ArrayList<>();
        while (true) {
            long[] a = new long[10 << 17];
            for (int i = 0; i < a.length; i += 512) a[i] = i;
            hoard.add(a);
        }
    }
}
