import { crc32 } from "node:zlib";
import { MAX_GIF_FRAMES } from "@heartline/shared";
import sharp from "sharp";

/**
 * A hostile upload corpus, generated in memory (no binary file is committed): polyglots, wrong magic
 * bytes, truncated files, decompression and frame bombs, and metadata in every accepted format.
 */

/** Text that must never reach a stored file. */
export const SECRET = "HEARTLINE-SECRET";
const GPS_TEXT = `${SECRET} GPSLatitude 51.5074N GPSLongitude 0.1278W`;
export const XMP_PACKET = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30.4N" exif:GPSLongitude="0,7.6W">${SECRET}</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
const PHP = `<?php system($_GET['c']); /* ${SECRET} */ ?>`;
const HTML = `<html><body><script>alert(document.cookie)</script>${SECRET}</body></html>`;
/** A ZIP local file header, the start of a JAR/ZIP polyglot. */
const ZIP = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
  Buffer.alloc(12),
  Buffer.from([9, 0, 0, 0]),
  Buffer.from(`evil.html${HTML}`),
]);

const EXIF_GPS = {
  IFD0: { Make: "PhoneMaker", Model: "Phone 12", Copyright: SECRET },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "51/1 30/1 2646/100",
    GPSLongitudeRef: "W",
    GPSLongitude: "0/1 7/1 3957/100",
  },
};

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 120 } } });

// ── PNG ─────────────────────────────────────────────────────────────────────
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0, 0);
  return Buffer.concat([length, body, crc]);
}

/** Inserts chunks right after IHDR (8-byte signature + 25-byte IHDR chunk). */
function withPngChunks(png: Buffer, chunks: Buffer[]): Buffer {
  return Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]);
}

/** A PNG whose IHDR declares `width`×`height` with a token IDAT (a bomb's header). */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

// ── JPEG ────────────────────────────────────────────────────────────────────
/** A JPEG COM segment inserted after SOI. */
function withJpegComment(jpeg: Buffer, text: string): Buffer {
  const data = Buffer.from(text, "latin1");
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, data, jpeg.subarray(2)]);
}

// ── WebP ────────────────────────────────────────────────────────────────────
/** A lossy WebP whose VP8X header declares a `width`×`height` canvas around a tiny real frame. */
async function webpDeclaring(width: number, height: number): Promise<Buffer> {
  const simple = await solid(16, 16).webp().toBuffer(); // RIFF size WEBP "VP8 " …
  const vp8 = simple.subarray(12);
  const vp8x = Buffer.alloc(18);
  vp8x.write("VP8X", 0, "latin1");
  vp8x.writeUInt32LE(10, 4);
  vp8x.writeUIntLE(width - 1, 12, 3);
  vp8x.writeUIntLE(height - 1, 15, 3);
  const body = Buffer.concat([Buffer.from("WEBP", "latin1"), vp8x, vp8]);
  const riff = Buffer.alloc(8);
  riff.write("RIFF", 0, "latin1");
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

// ── GIF ─────────────────────────────────────────────────────────────────────
const GIF_COMMENT = Buffer.concat([
  Buffer.from([0x21, 0xfe, GPS_TEXT.length]),
  Buffer.from(GPS_TEXT, "latin1"),
  Buffer.from([0]),
]);

/** An application extension "XMP DataXMP" carrying an XMP packet in sub-blocks. */
function gifXmpExtension(): Buffer {
  const data = Buffer.from(XMP_PACKET, "latin1");
  const blocks: Buffer[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const part = data.subarray(i, i + 255);
    blocks.push(Buffer.from([part.length]), part);
  }
  return Buffer.concat([
    Buffer.from([0x21, 0xff, 11]),
    Buffer.from("XMP DataXMP", "latin1"),
    ...blocks,
    Buffer.from([0]),
  ]);
}

/** Inserts extensions after the header, logical screen descriptor and global colour table. */
function withGifExtensions(gif: Buffer, extensions: Buffer[]): Buffer {
  const flags = gif[10] ?? 0;
  const tableBytes = flags & 0x80 ? 3 * (1 << ((flags & 0x07) + 1)) : 0;
  const at = 13 + tableBytes;
  return Buffer.concat([gif.subarray(0, at), ...extensions, gif.subarray(at)]);
}

/**
 * A hand-made GIF89a: a `screenWidth`×`screenHeight` logical screen, a 2-colour table, and `frames`
 * frames of 1×1 pixel each (a frame bomb costs its full screen per frame once decoded).
 */
export function gifFrames(frames: number, screenWidth = 1, screenHeight = 1, extras: Buffer[] = []): Buffer {
  const header = Buffer.alloc(13);
  header.write("GIF89a", 0, "latin1");
  header.writeUInt16LE(screenWidth, 6);
  header.writeUInt16LE(screenHeight, 8);
  header[10] = 0x80; // global colour table of 2 entries
  const table = Buffer.from([0, 0, 0, 255, 255, 255]);
  const loop = Buffer.from([0x21, 0xff, 11, ...Buffer.from("NETSCAPE2.0"), 3, 1, 0, 0, 0]);
  const frame = Buffer.from([
    0x21,
    0xf9,
    4,
    0x04,
    10,
    0,
    0,
    0, // graphic control: 10 cs delay
    0x2c,
    0,
    0,
    0,
    0,
    1,
    0,
    1,
    0,
    0, // image descriptor 1×1 at 0,0
    2,
    2,
    0x44,
    1,
    0, // LZW: clear, pixel 0, end
  ]);
  const body: Buffer[] = [];
  for (let i = 0; i < frames; i++) body.push(frame);
  return Buffer.concat([header, table, loop, ...extras, ...body, Buffer.from([0x3b])]);
}

export type Expected =
  | { accepted: true; format: "jpeg" | "gif"; pages?: number }
  | { accepted: false; message: string; status?: number };

export interface CorpusItem {
  name: string;
  data: Buffer;
  contentType: string;
  filename: string;
  expected: Expected;
}

export interface CorpusMessages {
  invalidType: string;
  unreadable: string;
  tooManyPixels: string;
  tooManyFrames: string;
  animationTooLarge: string;
  missingFile: string;
}

export async function buildCorpus(m: CorpusMessages): Promise<CorpusItem[]> {
  const jpeg = await solid(320, 200).jpeg().toBuffer();
  const png = await solid(300, 200).png().toBuffer();
  const webp = await solid(300, 200).webp().toBuffer();
  const gif = await solid(40, 30).gif().toBuffer();
  const anim = await sharp(
    await Promise.all(
      [0, 60, 120, 180, 240].map((g) =>
        sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 255, g: g, b: 0 } } })
          .png()
          .toBuffer(),
      ),
    ),
    { join: { animated: true } },
  )
    .gif({ delay: 100 })
    .toBuffer();
  const exifTiff = (
    (await sharp(await solid(8, 8).jpeg().withExif(EXIF_GPS).toBuffer()).metadata()).exif ?? Buffer.alloc(0)
  ).subarray(6);
  const flatGif = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: "#3a6" } })
    .gif()
    .toBuffer();
  // A real, fully compressed 8000×6000 PNG (48 MP of one colour: a few hundred KB that decode to 144 MB).
  const realPngBomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#000" } })
    .png({ compressionLevel: 9 })
    .toBuffer();

  const ok = (format: "jpeg" | "gif", pages?: number): Expected => ({
    accepted: true,
    format,
    ...(pages ? { pages } : {}),
  });
  const no = (message: string, status?: number): Expected => ({
    accepted: false,
    message,
    ...(status ? { status } : {}),
  });
  const item = (
    name: string,
    data: Buffer,
    contentType: string,
    filename: string,
    expected: Expected,
  ): CorpusItem => ({
    name,
    data,
    contentType,
    filename,
    expected,
  });

  return [
    // Metadata in every accepted format: accepted, stored without it.
    item(
      "jpeg EXIF GPS + XMP + COM",
      withJpegComment(
        await solid(1600, 900).jpeg().withExif(EXIF_GPS).withXmp(XMP_PACKET).toBuffer(),
        GPS_TEXT,
      ),
      "image/jpeg",
      "photo.jpg",
      ok("jpeg"),
    ),
    item(
      "jpeg withMetadata orientation + EXIF",
      await solid(400, 300).jpeg().withMetadata({ orientation: 6 }).withExif(EXIF_GPS).toBuffer(),
      "image/jpeg",
      "rot.jpg",
      ok("jpeg"),
    ),
    item(
      "png tEXt/iTXt/zTXt-like/eXIf",
      withPngChunks(png, [
        pngChunk("tEXt", Buffer.from(`Comment\0${GPS_TEXT}`, "latin1")),
        pngChunk(
          "iTXt",
          Buffer.concat([Buffer.from("XML:com.adobe.xmp\0\0\0\0\0", "latin1"), Buffer.from(XMP_PACKET)]),
        ),
        pngChunk("eXIf", exifTiff),
      ]),
      "image/png",
      "meta.png",
      ok("jpeg"),
    ),
    item(
      "webp EXIF + XMP chunks",
      await solid(300, 200).webp().withExif(EXIF_GPS).withXmp(XMP_PACKET).toBuffer(),
      "image/webp",
      "meta.webp",
      ok("jpeg"),
    ),
    item(
      "gif comment + XMP application extension",
      withGifExtensions(gif, [GIF_COMMENT, gifXmpExtension()]),
      "image/gif",
      "meta.gif",
      ok("gif"),
    ),
    item(
      "animated gif (5 frames) with comment",
      withGifExtensions(anim, [GIF_COMMENT]),
      "image/gif",
      "anim.gif",
      ok("gif", 5),
    ),
    item(
      `gif of ${MAX_GIF_FRAMES} frames (at the cap)`,
      gifFrames(MAX_GIF_FRAMES, 1, 1, [GIF_COMMENT]),
      "image/gif",
      "many.gif",
      ok("gif"),
    ),
    // Polyglots: the image part is kept, the rest never stored.
    item(
      "png + appended PHP/HTML/ZIP",
      Buffer.concat([png, Buffer.from(PHP), Buffer.from(HTML), ZIP]),
      "image/png",
      "poly.png",
      ok("jpeg"),
    ),
    item(
      "jpeg + PHP in COM + appended ZIP",
      Buffer.concat([withJpegComment(jpeg, PHP), ZIP]),
      "image/jpeg",
      "poly.jpg",
      ok("jpeg"),
    ),
    item(
      "gif + appended HTML after the trailer",
      Buffer.concat([gif, Buffer.from(HTML)]),
      "image/gif",
      "poly.gif",
      ok("gif"),
    ),
    item(
      "webp + appended PHP",
      Buffer.concat([webp, Buffer.from(PHP)]),
      "image/webp",
      "poly.webp",
      ok("jpeg"),
    ),
    item(
      "GIFAR-style: GIF89a magic then JavaScript",
      Buffer.from(`GIF89a/*${"\0".repeat(8)}*/=alert(1);//${SECRET}`),
      "image/gif",
      "gifar.gif",
      no(m.unreadable),
    ),
    item(
      "PNG signature then HTML",
      Buffer.concat([png.subarray(0, 8), Buffer.from(HTML)]),
      "image/png",
      "fake.png",
      no(m.invalidType),
    ),
    // Wrong magic bytes under an image name and type.
    item("HTML as image/png", Buffer.from(HTML), "image/png", "page.png", no(m.invalidType)),
    item(
      "SVG with script as image/png",
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`,
      ),
      "image/png",
      "vector.png",
      no(m.invalidType),
    ),
    item(
      "SVG as image/svg+xml",
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
      "image/svg+xml",
      "vector.svg",
      no(m.invalidType),
    ),
    item(
      "PDF as image/png",
      Buffer.from(`%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj <</Type /Catalog>> endobj\n${SECRET}`, "latin1"),
      "image/png",
      "doc.png",
      no(m.invalidType),
    ),
    item("ZIP as image/jpeg", ZIP, "image/jpeg", "archive.jpg", no(m.invalidType)),
    item("PHP as image/jpeg", Buffer.from(PHP), "image/jpeg", "shell.php.jpg", no(m.invalidType)),
    item(
      "real TIFF as image/png",
      await solid(20, 20).tiff().toBuffer(),
      "image/png",
      "scan.png",
      no(m.invalidType),
    ),
    item("empty file", Buffer.alloc(0), "image/png", "empty.png", no(m.missingFile)),
    // Truncated: a valid header, the body cut off.
    item(
      "png cut in half",
      png.subarray(0, Math.floor(png.length / 2)),
      "image/png",
      "cut.png",
      no(m.unreadable),
    ),
    item("jpeg cut after the header", jpeg.subarray(0, 200), "image/jpeg", "cut.jpg", no(m.unreadable)),
    item(
      "webp cut in half",
      webp.subarray(0, Math.floor(webp.length / 2)),
      "image/webp",
      "cut.webp",
      no(m.unreadable),
    ),
    item(
      "gif cut mid-frame (decoders show the frames that arrived: kept, re-encoded)",
      anim.subarray(0, Math.floor(anim.length / 2)),
      "image/gif",
      "cut.gif",
      ok("gif"),
    ),
    // Decompression and frame bombs: refused from the header, before decoding.
    item(
      "png declaring 20000×20000",
      pngDeclaring(20_000, 20_000),
      "image/png",
      "bomb.png",
      no(m.tooManyPixels),
    ),
    item("real 8000×6000 png (48 MP)", realPngBomb, "image/png", "big.png", no(m.tooManyPixels)),
    item(
      "webp whose VP8X declares a 16383×16383 canvas",
      await webpDeclaring(16_383, 16_383),
      "image/webp",
      "bomb.webp",
      no(m.unreadable),
    ),
    item(
      "gif with a 65535×65535 logical screen (decoded at its 1×1 frame size)",
      gifFrames(1, 65_535, 65_535),
      "image/gif",
      "screen.gif",
      ok("gif"),
    ),
    item("gif of 5000 frames", gifFrames(5_000), "image/gif", "frames.gif", no(m.tooManyFrames)),
    item(
      `gif of ${MAX_GIF_FRAMES + 1} frames`,
      gifFrames(MAX_GIF_FRAMES + 1),
      "image/gif",
      "frames.gif",
      no(m.tooManyFrames),
    ),
    item(
      "gif of 30 frames on a 1000×1000 screen (30 MP)",
      gifFrames(30, 1_000, 1_000),
      "image/gif",
      "heavy.gif",
      no(m.animationTooLarge),
    ),
    // Issue #33: 27 KB that decode to 160 MB (one flat 6300×6300 frame).
    item("flat 6300×6300 gif (27 KB, 40 MP)", flatGif, "image/gif", "flat.gif", no(m.animationTooLarge)),
  ];
}
