// A stick of length n: eat one unit (n -> n - 1), or cut it into x and n - x (a sum).
#include <bits/stdc++.h>
int main() {
    long long n;
    while (std::cin >> n) {
        std::string line;
        if (n >= 1) line += std::to_string(n - 1);
        for (long long x = 1; 2 * x <= n; x++)
            line += (line.empty() ? "" : ";") + std::to_string(x) + " + " + std::to_string(n - x);
        std::cout << line << '\n';
    }
}
