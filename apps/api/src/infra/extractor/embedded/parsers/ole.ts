/** Legacy Office files (.doc, .xls, .ppt) are OLE "Compound File Binary" containers. */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function isOleContainer(data: Buffer): boolean {
  return data.subarray(0, 8).equals(OLE_SIGNATURE);
}

/** The part of SheetJS's OLE-container library (`XLSX.CFB`) the parsers use (untyped by it). */
export type Cfb = {
  read(data: Buffer, options: { type: 'buffer' }): unknown;
  find(container: unknown, path: string): { content?: Uint8Array } | null | undefined;
};
