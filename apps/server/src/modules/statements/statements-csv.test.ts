import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { StatementCsvColumns, type StatementDto } from '@tarab/contracts';
import { toCsv } from './statements.service.js';

const statement = (name: string): StatementDto => ({
  month: '2026-10',
  artist: { id: 7, name },
  single_sales: { count: 2, amount: 15.98 },
  playlist_sales: { count: 1, amount: 4.5 },
  gross_sales: 20.48,
  refunds: { count: 0, amount: 0 },
  net_sales: 20.48,
  sales_earnings: 14.336,
  subscription_downloads: 3,
  subscription_earnings: 1.2,
  earnings: 15.536,
  currency: 'USD',
});

/** The statements' CSV export (csv-stringify): RFC 4180, read back as written, formulas defused. */
describe('toCsv (statements)', () => {
  it('writes a header and one CRLF-ended row per statement, money with two decimals', () => {
    const csv = toCsv([statement('Nour Ensemble')]);
    expect(csv.split('\r\n')).toEqual([
      StatementCsvColumns.join(','),
      '2026-10,7,Nour Ensemble,2,15.98,1,4.50,20.48,0,0.00,20.48,14.34,3,1.20,15.54,USD',
      '',
    ]);
  });

  it('quotes names with commas, quotes and line breaks so they read back whole', () => {
    const names = ['Karim, "the Oud" Haddad', 'Two\nlines', 'فرقة نور'];
    const rows = parse(toCsv(names.map(statement)), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row['artist'])).toEqual(names);
  });

  it('defuses a name a spreadsheet would run as a formula', () => {
    const rows = parse(toCsv(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)'].map(statement)), {
      columns: true,
    }) as Record<string, string>[];
    expect(rows.map((row) => row['artist'])).toEqual([`'=HYPERLINK("x")`, `'+1`, `'-2`, `'@SUM(A1)`]);
  });
});
