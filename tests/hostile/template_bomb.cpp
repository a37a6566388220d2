// A compile-time attack: 2^32 distinct template instantiations.
template <int N, unsigned M> struct Bomb {
    static const unsigned long value = Bomb<N - 1, M * 2>::value + Bomb<N - 1, M * 2 + 1>::value;
};
template <unsigned M> struct Bomb<0, M> {
    static const unsigned long value = M;
};
int main() { return (int)Bomb<32, 1>::value; }
