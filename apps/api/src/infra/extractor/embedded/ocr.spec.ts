import { describe, expect, it } from '@jest/globals';
import { dpiFromImageList } from './ocr.js';

const header =
  'page   num  type   width height color comp bpc  enc interp  object ID x-ppi y-ppi size ratio\n' +
  '--------------------------------------------------------------------------------------------\n';

describe('dpiFromImageList', () => {
  it('takes the resolution of the largest image on the page, within 150 and 200 dpi', () => {
    const list =
      header +
      '  10     0 image      64     64  rgb     3   8  image  no        45  0    72    72 2.1K  10%\n' +
      '  10     1 image     800   1029  rgb     3   8  image  no        46  0   134   134  241K  10%\n';
    expect(dpiFromImageList(list)).toBe(150);
    expect(dpiFromImageList(list.replace(/ 134 {3}134/, ' 180   176'))).toBe(180);
    expect(
      dpiFromImageList(
        header +
          '   1     0 image    2479   3508  gray    1   8  jpeg   yes        7  0   300   300  370K 4.4%\n',
      ),
    ).toBe(200);
  });

  it('falls back to 200 dpi when the list names no image', () => {
    expect(dpiFromImageList(header)).toBe(200);
    expect(dpiFromImageList('')).toBe(200);
  });
});
