import { describe, expect, it } from 'vitest';
import { parseCsv } from './import-manifest.js';

/** manifest.csv is read as RFC 4180 (csv-parse), with the conveniences a hand-written manifest needs. */
describe('parseCsv (manifest.csv)', () => {
  it('keeps commas, quotes and line breaks inside quoted cells', () => {
    const rows = parseCsv(
      'file,title,description\r\n' +
        'a.wav,"Night, in Hijaz","A ""quoted"" word\nand a second line"\r\n' +
        'b.wav,Plain,"Three\r\nlines\r\nhere"\n',
    );
    expect(rows).toEqual([
      { file: 'a.wav', title: 'Night, in Hijaz', description: 'A "quoted" word\nand a second line' },
      { file: 'b.wav', title: 'Plain', description: 'Three\r\nlines\r\nhere' },
    ]);
  });

  it('reads the header in any case, skips a byte-order mark, blank lines and # comments, trims cells', () => {
    const rows = parseCsv(
      '\uFEFFFile, Title ,BPM\n# a comment line\n\n a.wav ,  Saba Dawn , 96 \n# another\nb.wav,Rast,\n',
    );
    expect(rows).toEqual([
      { file: 'a.wav', title: 'Saba Dawn', bpm: '96' },
      { file: 'b.wav', title: 'Rast', bpm: '' },
    ]);
  });

  it('keeps a # inside a cell, and reads a row with fewer cells than the header', () => {
    expect(parseCsv('file,title,tags\nc.wav,Track #3\n')).toEqual([{ file: 'c.wav', title: 'Track #3' }]);
  });
});
