/** Listing pages made for the compression tests, varied as real ones are. */
import { brotliCompressSync, constants } from 'node:zlib';
import { CONTENT_QUALITY, FIRST_ROUND_TRIP } from '../../pipeline/compress';

export const brotliAt = (data: Buffer, quality: number) =>
  brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });

/** A page of `rows` listing rows, varied as a real listing is (a fixed seed: the same bytes every run). */
export function listingPage(rows: number): Buffer {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const tenants = ['SBI Bank', 'Nykaa', 'Haldirams', 'ICICI Bank', 'Inox', 'Social', 'Croma', 'Starbucks'];
  const items = Array.from(
    { length: rows },
    (_, i) =>
      `<li class="c${next(9)}"><a href="/preRentedList/${tenants[next(8)]}-${i}">${tenants[next(8)]} in Sector ${next(115)}</a>` +
      `<span>₹${(next(900_000) + 40_000).toLocaleString('en-IN')} a month · ${next(9_000) + 600} sq ft · lease ${next(12) + 3} years</span></li>`,
  );
  return Buffer.from(`<!DOCTYPE html><html lang="en-IN"><body><ul>${items.join('')}</ul></body></html>`);
}

/** The listing page whose copy at the content quality is just over the first round trip. */
export function pageJustOver(): Buffer {
  let [low, high] = [1, 2_000];
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (brotliAt(listingPage(middle), CONTENT_QUALITY).length <= FIRST_ROUND_TRIP) low = middle + 1;
    else high = middle;
  }
  return listingPage(low);
}
