/* A samples file from your own engine: a single-precision cubic-Bézier solver (Newton from t = x, 8 steps), sampled
 * at 1001 evenly spaced inputs on two curves, written as `implementation,spec,input,output`. Build and compare:
 *   clang -O2 -o float-engine docs/examples/float-engine.c && ./float-engine > float-engine.csv
 *   motionbench accuracy --measured float-engine.csv --curves presets --samples 1001                             */
#include <stdio.h>
static float coordinate(float a, float b, float t) { return ((1 + 3 * a - 3 * b) * t + (3 * b - 6 * a)) * t * t + 3 * a * t; }
static float slope(float a, float b, float t) { return (3 * (1 + 3 * a - 3 * b) * t + 2 * (3 * b - 6 * a)) * t + 3 * a; }
static float ease(const float c[4], float x) {
    float t = x;
    for (int i = 0; i < 8; i++) {
        float d = slope(c[0], c[2], t);
        if (d > -1e-6f && d < 1e-6f) break;
        t -= (coordinate(c[0], c[2], t) - x) / d;
    }
    return coordinate(c[1], c[3], t);
}
int main(void) {
    const float curves[2][4] = {{0.25f, 0.1f, 0.25f, 1}, {0.42f, 0, 0.58f, 1}};
    const char *specs[2] = {"ease", "ease-in-out"};
    printf("implementation,spec,input,output\n");
    for (int c = 0; c < 2; c++)
        for (int i = 0; i <= 1000; i++) printf("float-engine,%s,%.17g,%.9g\n", specs[c], i / 1000.0, ease(curves[c], i / 1000.0f));
    return 0;
}
