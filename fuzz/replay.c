/* replay.c: run the fuzz target over the files named on the command line
 * (without libFuzzer), so that every input that once crashed stays tested. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    int n = 0;
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            fprintf(stderr, "fuzz_replay: cannot read %s\n", argv[i]);
            return 1;
        }
        static uint8_t buf[1 << 16];
        size_t len = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, len);
        n++;
    }
    printf("%d passed, 0 failed\n", n);
    return 0;
}
