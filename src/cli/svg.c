/* svg.c: the plots of `fray sweep`, as standalone SVG files (bench.h): a
 * rate with its 95% band against a parameter, and a heat map over a grid of
 * two. No plotting runtime is needed to view them: any browser opens them. */
#include <stdio.h>
#include <string.h>

#include "bench.h"

enum { W = 720, H = 420, L = 70, R = 20, T = 50, B = 70 };

/* Text for SVG: the five characters XML reserves, escaped. */
static void put_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default: fputc(*s, f);
        }
    }
}

static void header(FILE *f, int w, int h, const char *title)
{
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
               "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n"
               "<text x=\"%d\" y=\"28\" font-size=\"16\" text-anchor=\"middle\">",
            w, h, w, h, w, h, w / 2);
    put_text(f, title);
    fputs("</text>\n", f);
}

static double px(int i, int n) { return L + (n > 1 ? (double)i * (W - L - R) / (n - 1) : (W - L - R) / 2.0); }
static double py(double v) { return T + (1.0 - v) * (H - T - B); }

/* Axis labels: every label when they fit, otherwise about twelve. */
static void x_axis(FILE *f, int n, const char *const *xl, const char *xname)
{
    int every = n > 12 ? (n + 11) / 12 : 1;
    for (int i = 0; i < n; i += every) {
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#444\"/>", px(i, n),
                H - B, px(i, n), H - B + 5);
        fprintf(f, "<text class=\"x\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", px(i, n), H - B + 20);
        put_text(f, xl[i]);
        fputs("</text>\n", f);
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", (L + W - R) / 2, H - 20);
    put_text(f, xname);
    fputs("</text>\n", f);
}

static void y_axis(FILE *f, const char *yname)
{
    for (int k = 0; k <= 10; k += 2) {
        double v = k / 10.0;
        fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                   "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d%%</text>\n",
                L, py(v), W - R, py(v), L - 8, py(v) + 4, k * 10);
    }
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\"/>\n", L, T, L, H - B);
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\"/>\n", L, H - B, W - R, H - B);
    fprintf(f, "<text x=\"18\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 18 %d)\">",
            (T + H - B) / 2, (T + H - B) / 2);
    put_text(f, yname);
    fputs("</text>\n", f);
}

int svg_line(FILE *f, const char *title, const char *xname, const char *yname, const svg_series *s)
{
    header(f, W, H, title);
    y_axis(f, yname);
    /* the band: upper edge left to right, lower edge back */
    fputs("<polygon class=\"band\" fill=\"#9ecae1\" fill-opacity=\"0.5\" stroke=\"none\" points=\"", f);
    for (int i = 0; i < s->n; i++)
        fprintf(f, "%.1f,%.1f ", px(i, s->n), py(s->hi[i]));
    for (int i = s->n - 1; i >= 0; i--)
        fprintf(f, "%.1f,%.1f ", px(i, s->n), py(s->lo[i]));
    fputs("\"/>\n<polyline fill=\"none\" stroke=\"#08519c\" stroke-width=\"2\" points=\"", f);
    for (int i = 0; i < s->n; i++)
        fprintf(f, "%.1f,%.1f ", px(i, s->n), py(s->y[i]));
    fputs("\"/>\n", f);
    for (int i = 0; i < s->n; i++) {
        fprintf(f, "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#08519c\">"
                   "<title>", px(i, s->n), py(s->y[i]));
        put_text(f, s->xlabel[i]);
        fprintf(f, ": %.1f%% (95%%: %.1f-%.1f)</title></circle>\n", 100 * s->y[i], 100 * s->lo[i],
                100 * s->hi[i]);
    }
    x_axis(f, s->n, s->xlabel, xname);
    fputs("</svg>\n", f);
    return ferror(f) ? -1 : 0;
}

/* White through blue: a rate's colour. */
static void colour(double v, int *r, int *g, int *b)
{
    v = v < 0 ? 0 : v > 1 ? 1 : v;
    *r = (int)(247 - v * (247 - 8));
    *g = (int)(251 - v * (251 - 48));
    *b = (int)(255 - v * (255 - 107));
}

int svg_heat(FILE *f, const char *title, const char *xname, const char *yname, int nx,
             const char *const *xl, int ny, const char *const *yl, const double *rate)
{
    int cw = (W - L - R) / (nx ? nx : 1), ch = (H - T - B) / (ny ? ny : 1);
    header(f, W, H, title);
    for (int i = 0; i < nx; i++) {
        for (int j = 0; j < ny; j++) {
            int r, g, b, x = L + i * cw, y = H - B - (j + 1) * ch;
            double v = rate[i * ny + j];
            colour(v, &r, &g, &b);
            fprintf(f, "<rect class=\"point\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                       "fill=\"rgb(%d,%d,%d)\" stroke=\"#fff\"><title>", x, y, cw, ch, r, g, b);
            put_text(f, xl[i]);
            fputs(", ", f);
            put_text(f, yl[j]);
            fprintf(f, ": %.1f%%</title></rect>\n", 100 * v);
            if (cw >= 28 && ch >= 14)
                fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"10\" "
                           "fill=\"%s\">%.0f</text>\n", x + cw / 2, y + ch / 2 + 4,
                        v > 0.55 ? "#fff" : "#000", 100 * v);
        }
    }
    for (int i = 0; i < nx; i++) {
        fprintf(f, "<text class=\"x\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">", L + i * cw + cw / 2, H - B + 18);
        put_text(f, xl[i]);
        fputs("</text>\n", f);
    }
    for (int j = 0; j < ny; j++) {
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", L - 6, H - B - j * ch - ch / 2 + 4);
        put_text(f, yl[j]);
        fputs("</text>\n", f);
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", (L + W - R) / 2, H - 20);
    put_text(f, xname);
    fprintf(f, "</text>\n<text x=\"14\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 14 %d)\">",
            (T + H - B) / 2, (T + H - B) / 2);
    put_text(f, yname);
    fputs("</text>\n</svg>\n", f);
    return ferror(f) ? -1 : 0;
}
