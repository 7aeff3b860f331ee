import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImages, describeImages } from '../../pipeline/images/build-images';
import { planImage, scaledHeight, variantWidths } from '../../pipeline/images/plan';
import type { ImageProgress } from '../../pipeline/images/progress';
import { PROGRESS_EVERY_MS, progressLines } from '../../pipeline/images/progress';

describe('image plan', () => {
  it('makes widths up to the source width, never wider, without a step within 20 % of the widest', () => {
    expect(variantWidths(3000)).toEqual([400, 800, 1200, 1600]);
    expect(variantWidths(1600)).toEqual([400, 800, 1200, 1600]);
    expect(variantWidths(1000)).toEqual([400, 800, 1000]);
    expect(variantWidths(900)).toEqual([400, 900]);
    expect(variantWidths(300)).toEqual([300]);
  });

  it('names files by content and settings, with URLs that need no escaping', () => {
    const info = {
      src: 'Projects/Sky Tower/Hero Shot.JPG',
      contentHash: 'a'.repeat(64),
      width: 2000,
      height: 1333,
      kind: 'raster',
      hasAlpha: false,
    } as const;
    const plan = planImage(info);
    expect(plan.asset.url).toMatch(/^\/media\/projects\/sky-tower\/hero-shot-[0-9a-f]{8}\.jpg$/);
    expect(plan.asset).toMatchObject({ width: 1600, height: scaledHeight(info, 1600) });
    for (const variant of plan.asset.variants) expect(variant.url).toMatch(/^\/media\/[a-z0-9/._-]+$/);
    expect(planImage({ ...info, contentHash: 'b'.repeat(64) }).asset.url).not.toBe(plan.asset.url);
  });
});

describe('buildImages', () => {
  let dir: string;
  let imagesDir: string;
  const options = () => ({ imagesDir, publicDir: join(dir, 'public'), cacheDir: join(dir, 'cache') });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'images-'));
    imagesDir = join(dir, 'sheets/images');
    await mkdir(join(imagesDir, 'a'), { recursive: true });
    const photo = sharp({
      create: { width: 1000, height: 600, channels: 3, background: { r: 180, g: 150, b: 90 } },
    });
    await photo.clone().jpeg().toFile(join(imagesDir, 'a/photo.jpg'));
    // A portrait taken sideways: EXIF orientation 6 turns 300×200 pixels into a 200×300 picture.
    await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 20, g: 20, b: 30 } } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(join(imagesDir, 'a/portrait.jpg'));
    await sharp({
      create: { width: 500, height: 500, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toFile(join(imagesDir, 'logo.png'));
    await writeFile(
      join(imagesDir, 'mark.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="120"><rect width="360" height="120"/></svg>',
    );
    await writeFile(join(imagesDir, 'broken.jpg'), 'not a picture');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes every planned file at its promised size, and describes the same assets without encoding', async () => {
    const sources = ['a/photo.jpg', 'a/portrait.jpg', 'logo.png', 'mark.svg'];
    const progress: ImageProgress[] = [];
    const result = await buildImages({
      ...options(),
      sources,
      concurrency: 1,
      onProgress: (p) => progress.push(p),
    });
    expect(result.failures).toEqual([]);
    expect(result.encoded).toBe(4);
    // Told after every picture, counting up to all four, each encoded.
    expect(progress.map((p) => [p.done, p.total, p.encoded])).toEqual([
      [1, 4, 1],
      [2, 4, 2],
      [3, 4, 3],
      [4, 4, 4],
    ]);
    expect((await describeImages({ imagesDir, sources })).images).toEqual(result.images);

    const photo = result.images['a/photo.jpg'];
    expect(photo).toMatchObject({ width: 1000, height: 600 });
    expect(photo?.variants.map((v) => `${v.format} ${v.width}`)).toEqual([
      'avif 400',
      'avif 800',
      'avif 1000',
      'webp 400',
      'webp 800',
      'webp 1000',
    ]);
    expect(result.images['a/portrait.jpg']).toMatchObject({ width: 200, height: 300 });
    expect(result.images['logo.png']?.url).toMatch(/\.png$/);
    expect(result.images['mark.svg']).toMatchObject({ width: 360, height: 120, variants: [] });

    for (const asset of Object.values(result.images)) {
      for (const { url, width } of [...asset.variants, { url: asset.url, width: asset.width }]) {
        const file = join(dir, 'public', ...url.split('/'));
        const metadata = await sharp(file).metadata();
        expect(metadata.width, url).toBe(width);
        if (url === asset.url) expect(metadata.height, url).toBe(asset.height);
      }
    }
  });

  it('takes unchanged pictures from the cache and removes files no sheet names any more', async () => {
    const again = await buildImages({ ...options(), sources: ['a/photo.jpg'] });
    expect(again).toMatchObject({ encoded: 0, reused: 1, published: 0 });
    expect(again.removed).toBeGreaterThan(0);
    const left = await readdir(join(dir, 'public/media'), { recursive: true });
    expect(left.filter((f) => /\.(avif|webp|jpg|png|svg)$/.test(f)).sort()).toEqual(
      [
        again.images['a/photo.jpg']?.url ?? '',
        ...(again.images['a/photo.jpg']?.variants.map((v) => v.url) ?? []),
      ]
        .map((url) => url.replace(/^\/media\//, ''))
        .sort(),
    );
    await expect(stat(join(dir, 'public/media/logo.png'))).rejects.toThrow();
  });

  it('reports a damaged or missing picture with its name and keeps going', async () => {
    const result = await buildImages({ ...options(), sources: ['broken.jpg', 'missing.jpg', 'a/photo.jpg'] });
    expect(Object.keys(result.images)).toEqual(['a/photo.jpg']);
    expect(result.failures.map((f) => f.src)).toEqual(['broken.jpg', 'missing.jpg']);
    expect(result.failures[0]?.message).toMatch(/sheets\/images\/broken\.jpg is not a picture/);
    expect(result.failures[1]?.message).toMatch(/sheets\/images\/missing\.jpg does not exist/);
  });
});

describe('progress of a long picture build', () => {
  /** A build of `total` pictures, one done every `stepMs`, and the lines it prints. */
  function build(total: number, stepMs: number): string[] {
    let clock = 0;
    const lines: string[] = [];
    const report = progressLines(
      (line) => lines.push(line),
      () => clock,
    );
    for (let done = 1; done <= total; done++) {
      clock += stepMs;
      report({ done, total, encoded: done });
    }
    return lines;
  }

  it('prints a line with counts and a percentage every few seconds, not one per picture', () => {
    // 271 pictures at 0.7 s each: three minutes, as the first build of the real sheets on 2 cores.
    const lines = build(271, 700);
    // The first step past PROGRESS_EVERY_MS since the last line.
    const every = Math.ceil(PROGRESS_EVERY_MS / 700);
    expect(lines.map((line) => Number(/^Pictures: (\d+) of 271/.exec(line)?.[1]))).toEqual(
      Array.from({ length: Math.floor(270 / every) }, (_, index) => (index + 1) * every),
    );
    expect(lines.length).toBeLessThan(20);
    expect(lines[0]).toBe(
      'Pictures: 15 of 271 ready (5%), 15 encoded; a first build encodes them all, later ones reuse them.',
    );
    expect(lines[1]).toBe('Pictures: 30 of 271 ready (11%), 30 encoded.');
  });

  it('prints nothing for a build shorter than that, as when every picture comes from the cache', () => {
    expect(build(271, 10)).toEqual([]);
  });
});
