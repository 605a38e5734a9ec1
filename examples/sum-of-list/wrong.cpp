// A wrong solution in C++: the loop stops one number early.
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    long long total = 0;
    for (int i = 0; i < n; ++i) {
        long long v;
        if (std::scanf("%lld", &v) != 1) return 1;
        if (i < n - 1) total += v;
    }
    std::printf("%lld\n", total);
}
