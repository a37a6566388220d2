// Connect4 bot: always plays the leftmost column that is not full (assumes the 9x9 default).
#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    std::vector<int> height(9, 0);
    bool my_turn = argc > 1 && std::string(argv[1]) == "first";
    std::string magic;
    if (!std::getline(std::cin, magic)) return 0;
    for (;;) {
        if (my_turn) {
            int c = 0;
            while (c < 9 && height[c] >= 9) c++;
            height[c]++;
            std::cout << c << std::endl;
        }
        int n;
        if (!(std::cin >> n) || n >= 10) return 0;
        height[n]++;
        my_turn = true;
    }
}
