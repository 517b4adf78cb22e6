// gfx_native, built into the SlapStack image: the band painter's inner loops in C.
//
// The same pixels as firmware/drawing/gfx.py's plain Python; being part of the image, this code
// lives in flash and takes no heap (a viper module's machine code would be copied into it).
//
// Every function takes the band's buffer (RGB565, p[0] pixels a row, p[1] rows, the colours
// already byte-swapped as framebuf stores them) and an array('i') p of its other numbers, in
// band coordinates; gfx_native.pyi beside this file says each one's numbers.
#include <stdint.h>

#include "py/obj.h"
#include "py/runtime.h"

#define P_LEN (27) // p's numbers: 19 for a card, then a fan's 4 cards and their 4 chips

static int32_t *numbers(mp_obj_t p) {
    mp_buffer_info_t info;
    mp_get_buffer_raise(p, &info, MP_BUFFER_RW);
    if (info.typecode != 'i' || info.len < P_LEN * sizeof(int32_t)) {
        mp_raise_ValueError(MP_ERROR_TEXT("p must be an array('i') of 27 numbers"));
    }
    return info.buf;
}

static uint16_t *band(mp_obj_t b, const int32_t *q) {
    mp_buffer_info_t info;
    mp_get_buffer_raise(b, &info, MP_BUFFER_RW);
    if (q[0] < 0 || q[1] < 0 || info.len < (size_t)q[0] * (size_t)q[1] * 2) {
        mp_raise_ValueError(MP_ERROR_TEXT("band smaller than p[0] x p[1] pixels"));
    }
    return info.buf;
}

static const uint8_t *bytes_of(mp_obj_t o, size_t *len) {
    mp_buffer_info_t info;
    mp_get_buffer_raise(o, &info, MP_BUFFER_READ);
    if (len != NULL) {
        *len = info.len;
    }
    return info.buf;
}

// Rows [y0, y1) of columns [x0, x1), already inside the band: two pixels a word store.
static void fill(uint16_t *buf, int bw, int x0, int y0, int x1, int y1, uint16_t c) {
    uint32_t cc = (uint32_t)c | ((uint32_t)c << 16);
    for (int y = y0; y < y1; y++) {
        uint16_t *d = buf + y * bw + x0;
        uint16_t *e = buf + y * bw + x1;
        if (((uintptr_t)d & 2) && d < e) {
            *d++ = c;
        }
        uint32_t *w = (uint32_t *)d;
        uint32_t *we = (uint32_t *)((uintptr_t)e & ~(uintptr_t)3);
        while (w + 4 <= we) {
            w[0] = cc;
            w[1] = cc;
            w[2] = cc;
            w[3] = cc;
            w += 4;
        }
        while (w < we) {
            *w++ = cc;
        }
        d = (uint16_t *)w;
        if (d < e) {
            *d = c;
        }
    }
}

// Columns [x0, x1) of one row, cut to the band.
static void row_fill(uint16_t *buf, int bw, int n, int row, int x0, int x1, uint16_t c) {
    if (x0 < 0) {
        x0 = 0;
    }
    if (x1 > bw) {
        x1 = bw;
    }
    if (row >= 0 && row < n && x0 < x1) {
        fill(buf, bw, x0, row, x1, row + 1, c);
    }
}

// text: bytes t[q[11]:q[11] + q[12]] in font f (the glyph widths, then the glyph columns):
// q = [band width, band rows, x, y, scale, colour, rot, text columns, first code, glyph count,
// glyph stride, start, length]; each column's runs of set bits as blocks.
static void draw_text(uint16_t *buf, const uint8_t *t, const uint8_t *f, const int32_t *q) {
    int bw = q[0], n = q[1], x = q[2], y = q[3], sc = q[4];
    uint16_t c = (uint16_t)q[5];
    int rot = q[6], w = q[7], first = q[8], count = q[9], stride = q[10];
    bool upright = rot == 0 || rot == 180;
    unsigned keep = 0; // the glyph rows whose pixels meet the band
    for (int v = 0; v < 8; v++) {
        int lo, hi;
        if (rot == 0) {
            lo = y + v * sc;
            hi = n;
        } else if (rot == 180) {
            lo = y + (7 - v) * sc;
            hi = n;
        } else if (rot == 90) {
            lo = x + (7 - v) * sc;
            hi = bw;
        } else {
            lo = x + v * sc;
            hi = bw;
        }
        if (lo < hi && lo + sc > 0) {
            keep |= 1u << v;
        }
    }
    if (keep == 0) {
        return;
    }
    int u = 0;
    for (int k = q[11], end = q[11] + q[12]; k < end; k++) {
        int gi = (int)t[k] - first;
        if (gi < 0 || gi >= count) {
            gi = 63 - first; // '?'
        }
        int gw = f[gi];
        int base = count + gi * stride;
        for (int col = 0; col < gw; col++) {
            int uu = u + col, at, hi;
            if (rot == 0) { // where the column lies across the band: skip it if outside
                at = x + uu * sc;
                hi = bw;
            } else if (rot == 180) {
                at = x + (w - 1 - uu) * sc;
                hi = bw;
            } else if (rot == 90) {
                at = y + uu * sc;
                hi = n;
            } else {
                at = y + (w - 1 - uu) * sc;
                hi = n;
            }
            if (at >= hi || at + sc <= 0) {
                continue;
            }
            unsigned bits = f[base + col] & keep;
            int v = 0;
            while (bits) {
                if (!(bits & 1)) {
                    bits >>= 1;
                    v++;
                    continue;
                }
                int run = 0;
                while (bits & 1) {
                    bits >>= 1;
                    run++;
                }
                int x0, x1, y0, y1;
                if (upright) {
                    x0 = at;
                    x1 = at + sc;
                    y0 = y + (rot == 0 ? v : 8 - v - run) * sc;
                    y1 = y0 + run * sc;
                } else {
                    x0 = x + (rot == 90 ? 8 - v - run : v) * sc;
                    x1 = x0 + run * sc;
                    y0 = at;
                    y1 = at + sc;
                }
                v += run;
                if (x0 < 0) {
                    x0 = 0;
                }
                if (y0 < 0) {
                    y0 = 0;
                }
                if (x1 > bw) {
                    x1 = bw;
                }
                if (y1 > n) {
                    y1 = n;
                }
                if (x1 > x0 && y1 > y0) {
                    fill(buf, bw, x0, y0, x1, y1, c);
                }
            }
        }
        u += gw + 1;
    }
}

// rounded: a filled rectangle with quarter-circle corners, q = [band width, band rows, x, y,
// w, h, r, colour]; table holds each corner's row insets (radius r's rows from r(r-1)/2).
static void draw_rounded(uint16_t *buf, const uint8_t *t, const int32_t *q) {
    int bw = q[0], n = q[1], x = q[2], y = q[3], w = q[4], h = q[5], r = q[6];
    uint16_t c = (uint16_t)q[7];
    if (y >= n || y + h <= 0 || x >= bw || x + w <= 0) {
        return;
    }
    int x0 = x > 0 ? x : 0;
    int x1 = x + w < bw ? x + w : bw;
    int a = y + r > 0 ? y + r : 0;
    int z = y + h - r < n ? y + h - r : n;
    if (a < z && x0 < x1) {
        fill(buf, bw, x0, a, x1, z, c);
    }
    int base = (r * (r - 1)) >> 1;
    for (int i = 0; i < r; i++) { // row i from the top edge, then from the bottom edge
        int inset = t[base + i];
        row_fill(buf, bw, n, y + i, x + inset, x + w - inset, c);
        row_fill(buf, bw, n, y + h - 1 - i, x + inset, x + w - inset, c);
    }
}

// ring: what a rounded rectangle (q as for rounded) shows around the one 2 pixels inside it
// (radius r - 2): a card's edge, each pixel written once.
static void draw_ring(uint16_t *buf, const uint8_t *t, const int32_t *q) {
    int bw = q[0], n = q[1], x = q[2], y = q[3], w = q[4], h = q[5], r = q[6];
    uint16_t c = (uint16_t)q[7];
    if (y >= n || y + h <= 0 || x >= bw || x + w <= 0) {
        return;
    }
    int base = (r * (r - 1)) >> 1;
    int r2 = r - 2;
    int base2 = (r2 * (r2 - 1)) >> 1;
    int end = y + h < n ? y + h : n;
    for (int row = y > 0 ? y : 0; row < end; row++) {
        int i = row - y; // rows from the top and from the bottom edge
        int j = y + h - 1 - row;
        int outer = -1;
        if (i < r) {
            outer = t[base + i];
        }
        if (j < r && (outer < 0 || t[base + j] < outer)) {
            outer = t[base + j];
        }
        if (outer < 0) {
            outer = 0;
        }
        if (i < 2 || j < 2) { // above or below the inner one: all of the row
            row_fill(buf, bw, n, row, x + outer, x + w - outer, c);
            continue;
        }
        int inner = -1;
        if (i - 2 < r2) {
            inner = t[base2 + i - 2];
        }
        if (j - 2 < r2 && (inner < 0 || t[base2 + j - 2] < inner)) {
            inner = t[base2 + j - 2];
        }
        if (inner < 0) {
            inner = 0;
        }
        row_fill(buf, bw, n, row, x + outer, x + 2 + inner, c);
        row_fill(buf, bw, n, row, x + w - 2 - inner, x + w - outer, c);
    }
}

// mask: a picture in one colour as its runs (suits.runs: byte 0 the runs a row holds, then
// each row's (start, end) column pairs), q = [band width, band rows, x, y, picture width,
// picture rows, colour]. Uses q[4], q[5], q[7] and q[11] as scratch.
static void draw_mask(uint16_t *buf, const uint8_t *runs, int32_t *q) {
    int bw = q[0], n = q[1], x = q[2], y = q[3];
    if (x >= bw || x + q[4] <= 0) {
        return;
    }
    int j = y < 0 ? -y : 0;
    int end = q[5];
    if (n - y < end) {
        end = n - y;
    }
    if (end <= j) {
        return;
    }
    int k = runs[0];
    uint16_t c = (uint16_t)q[6];
    q[4] = k;
    q[5] = 0;
    q[7] = 1 + j * k * 2;
    q[11] = (y + j) * bw * 2;
    const uint8_t *run = runs + 1 + j * k * 2;
    for (int row = y + j; row < y + end; row++) {
        for (int i = 0; i < k; i++, run += 2) {
            if (run[1] > run[0]) {
                row_fill(buf, bw, n, row, x + run[0], x + run[1], c);
            }
        }
    }
}

typedef struct {
    const int32_t *lay;  // the card's layout (painters/card_faces.py: art)
    const uint8_t *ranks; // two characters a rank
    const uint8_t *corners; // gfx's corner table
    const uint8_t *suits[8]; // the suits' pictures: four at the index size, four big
} art_t;

static void get_art(mp_obj_t obj, art_t *art) {
    size_t len;
    mp_obj_t *items;
    mp_obj_get_array(obj, &len, &items);
    if (len != 11) {
        mp_raise_ValueError(MP_ERROR_TEXT("art must hold 11 items"));
    }
    size_t n;
    art->lay = (const int32_t *)bytes_of(items[0], &n);
    if (n < 30 * sizeof(int32_t)) {
        mp_raise_ValueError(MP_ERROR_TEXT("layout too short"));
    }
    art->ranks = bytes_of(items[1], NULL);
    art->corners = bytes_of(items[2], NULL);
    for (int i = 0; i < 8; i++) {
        art->suits[i] = bytes_of(items[3 + i], NULL);
    }
}

// face: a face-up card's face, rank 1-13: q = [band width, band rows, x, y of the card, (text's
// numbers, 4-12), rank, suit, ink, the seat chip's colour or -1, whole].
static void draw_face(uint16_t *buf, const uint8_t *f, int32_t *q, const art_t *art) {
    int x = q[2], y = q[3], rank = q[13], suit = q[14], ink = q[15], chip = q[16], whole = q[17];
    const int32_t *lay = art->lay;
    const uint8_t *r = art->ranks;
    int first = q[8];
    if (chip >= 0) { // its rounded rectangle
        q[2] = x + lay[14];
        q[3] = y + lay[15];
        q[4] = lay[16];
        q[5] = lay[17];
        q[6] = lay[18];
        q[7] = chip;
        draw_rounded(buf, art->corners, q);
    }
    int start = rank * 2;
    int length = r[start + 1] == ' ' ? 1 : 2;
    int cols = f[r[start] - first] + 1; // the rank's font columns, gaps included
    if (length == 2) {
        cols += f[r[start + 1] - first] + 1;
    }
    cols -= 1;
    q[6] = 0;
    q[7] = cols;
    q[11] = start;
    q[12] = length;
    int sc = lay[3]; // the index: its rank centred in the strip the cards on it leave
    q[2] = x + lay[0] + ((lay[1] - cols * sc) >> 1);
    q[3] = y + lay[2];
    q[4] = sc;
    q[5] = ink;
    draw_text(buf, r, f, q);
    int size = lay[6]; // and its suit
    q[2] = x + lay[4];
    q[3] = y + lay[5];
    q[4] = size;
    q[5] = size;
    q[6] = ink;
    draw_mask(buf, art->suits[suit], q);
    if (!whole) {
        return;
    }
    sc = lay[10]; // the big rank, right of the index
    q[2] = x + lay[7] + ((lay[8] - cols * sc) >> 1);
    q[3] = y + lay[9];
    q[4] = sc;
    q[5] = ink;
    q[6] = 0;
    q[7] = cols;
    q[11] = start;
    q[12] = length;
    draw_text(buf, r, f, q);
    size = lay[13]; // and the big suit
    q[2] = x + lay[11];
    q[3] = y + lay[12];
    q[4] = size;
    q[5] = size;
    q[6] = ink;
    draw_mask(buf, art->suits[4 + suit], q);
}

static uint16_t swapped(int32_t c) {
    return (uint16_t)(((c & 0xFF) << 8) | ((c >> 8) & 0xFF));
}

// fan: the top cards of the pile's fan, all face up, oldest first: q = [band width, band rows,
// x, y of the top card, (scratch, 4-17), the count n, the n cards, the n seat chips' colours or
// -1]; card k lies the layout's fan step left of card k - 1.
static void draw_fan(uint16_t *buf, const uint8_t *f, int32_t *q, const art_t *art) {
    int bw = q[0], n = q[1], x0 = q[2], y = q[3];
    const int32_t *lay = art->lay;
    int cw = lay[19], ch = lay[20], cr = lay[21], step = lay[22], uw = lay[23];
    uint16_t edge = swapped(lay[24]), body = swapped(lay[25]);
    uint16_t red = swapped(lay[28]), black = swapped(lay[29]);
    int index_top = y + lay[26];
    int index_bottom = index_top + lay[27];
    if (y >= n || y + ch <= 0) {
        return;
    }
    int count = q[18];
    if (count > 4) {
        mp_raise_ValueError(MP_ERROR_TEXT("a fan holds at most 4 cards"));
    }
    for (int k = count - 1; k >= 0; k--) {
        int x = x0 - k * step;
        if (x >= bw || x + cw <= 0) {
            continue;
        }
        int w = k == 0 ? cw : uw; // a card under another: its right corners lie under that one
        q[2] = x;
        q[3] = y;
        q[4] = w;
        q[5] = ch;
        q[6] = cr;
        q[7] = edge;
        draw_ring(buf, art->corners, q);
        q[2] = x + 2;
        q[3] = y + 2;
        q[4] = w - 4;
        q[5] = ch - 4;
        q[6] = cr - 2;
        q[7] = body;
        draw_rounded(buf, art->corners, q);
        if (k == 0 || (index_top < n && index_bottom > 0)) { // under another: its index only
            int c = q[19 + k];
            int suit = c >> 4;
            q[2] = x;
            q[3] = y;
            q[13] = c & 15;
            q[14] = suit;
            q[15] = suit == 1 || suit == 2 ? red : black;
            q[16] = q[23 + k];
            q[17] = k == 0 ? 1 : 0;
            draw_face(buf, f, q, art);
        }
    }
}

// --- what Python calls ----------------------------------------------------------------------

static mp_obj_t gfx_native_text(size_t n_args, const mp_obj_t *args) {
    int32_t *q = numbers(args[3]);
    uint16_t *buf = band(args[0], q);
    size_t tn, fn;
    const uint8_t *t = bytes_of(args[1], &tn);
    const uint8_t *f = bytes_of(args[2], &fn);
    if (q[11] < 0 || q[12] < 0 || (size_t)(q[11] + q[12]) > tn) {
        mp_raise_ValueError(MP_ERROR_TEXT("text past the end of its bytes"));
    }
    if (q[9] < 1 || (size_t)(q[9] + q[9] * q[10]) > fn) {
        mp_raise_ValueError(MP_ERROR_TEXT("font smaller than its glyphs"));
    }
    draw_text(buf, t, f, q);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(gfx_native_text_obj, 4, 4, gfx_native_text);

static mp_obj_t gfx_native_columns(size_t n_args, const mp_obj_t *args) {
    size_t tn, count;
    const uint8_t *t = bytes_of(args[0], &tn);
    mp_int_t start = mp_obj_get_int(args[1]);
    mp_int_t end = mp_obj_get_int(args[2]);
    const uint8_t *f = bytes_of(args[3], &count);
    if (start < 0 || end > (mp_int_t)tn) {
        mp_raise_ValueError(MP_ERROR_TEXT("columns past the end of its bytes"));
    }
    mp_int_t w = -1;
    for (mp_int_t i = start; i < end; i++) {
        int code = (int)t[i] - 32;
        if (code < 0 || code >= (int)count) {
            code = 31; // '?'
        }
        w += f[code] + 1;
    }
    return MP_OBJ_NEW_SMALL_INT(w);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(gfx_native_columns_obj, 4, 4, gfx_native_columns);

static mp_obj_t gfx_native_rounded(mp_obj_t b, mp_obj_t table, mp_obj_t p) {
    int32_t *q = numbers(p);
    draw_rounded(band(b, q), bytes_of(table, NULL), q);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_3(gfx_native_rounded_obj, gfx_native_rounded);

static mp_obj_t gfx_native_ring(mp_obj_t b, mp_obj_t table, mp_obj_t p) {
    int32_t *q = numbers(p);
    draw_ring(band(b, q), bytes_of(table, NULL), q);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_3(gfx_native_ring_obj, gfx_native_ring);

static mp_obj_t gfx_native_mask(mp_obj_t b, mp_obj_t runs, mp_obj_t p) {
    int32_t *q = numbers(p);
    draw_mask(band(b, q), bytes_of(runs, NULL), q);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_3(gfx_native_mask_obj, gfx_native_mask);

static mp_obj_t gfx_native_face(size_t n_args, const mp_obj_t *args) {
    int32_t *q = numbers(args[2]);
    art_t art;
    get_art(args[3], &art);
    draw_face(band(args[0], q), bytes_of(args[1], NULL), q, &art);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(gfx_native_face_obj, 4, 4, gfx_native_face);

static mp_obj_t gfx_native_fan(size_t n_args, const mp_obj_t *args) {
    int32_t *q = numbers(args[2]);
    art_t art;
    get_art(args[3], &art);
    draw_fan(band(args[0], q), bytes_of(args[1], NULL), q, &art);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(gfx_native_fan_obj, 4, 4, gfx_native_fan);

static const mp_rom_map_elem_t gfx_native_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_gfx_native) },
    { MP_ROM_QSTR(MP_QSTR_text), MP_ROM_PTR(&gfx_native_text_obj) },
    { MP_ROM_QSTR(MP_QSTR_columns), MP_ROM_PTR(&gfx_native_columns_obj) },
    { MP_ROM_QSTR(MP_QSTR_rounded), MP_ROM_PTR(&gfx_native_rounded_obj) },
    { MP_ROM_QSTR(MP_QSTR_ring), MP_ROM_PTR(&gfx_native_ring_obj) },
    { MP_ROM_QSTR(MP_QSTR_mask), MP_ROM_PTR(&gfx_native_mask_obj) },
    { MP_ROM_QSTR(MP_QSTR_face), MP_ROM_PTR(&gfx_native_face_obj) },
    { MP_ROM_QSTR(MP_QSTR_fan), MP_ROM_PTR(&gfx_native_fan_obj) },
};
static MP_DEFINE_CONST_DICT(gfx_native_globals, gfx_native_globals_table);

const mp_obj_module_t gfx_native_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&gfx_native_globals,
};

MP_REGISTER_MODULE(MP_QSTR_gfx_native, gfx_native_module);
