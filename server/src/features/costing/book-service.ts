import { readFileSync } from 'node:fs';
import { PriceBook, type TPriceBookData } from '@stratum/core/costing/book';

/** Reads the seed price book the product ships (`pricing-data/price-book.json`). */
export function readSeedBook(file: URL): TPriceBookData {
  const data = JSON.parse(readFileSync(file, 'utf8')) as TPriceBookData;
  if (data.schema !== 'stratum-price-book/1') throw new Error(`${file.pathname}: not a price book`);
  return data;
}

/**
 * The price book in force. Today: the seed. (Imported price lists replace and add rows: see the
 * importers.) Built once per version and shared by every request.
 */
export class BookService {
  private book: PriceBook | undefined;

  constructor(private readonly seed: TPriceBookData) {}

  // eslint-disable-next-line @typescript-eslint/require-await -- async: imports read the database
  async current(): Promise<PriceBook> {
    this.book ??= new PriceBook(this.seed);
    return this.book;
  }
}
