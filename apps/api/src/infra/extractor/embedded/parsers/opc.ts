import { posix } from 'node:path';
import { elements, ownText, descendants, parseXml, type XmlElement } from './xml.ts';
import type { ZipArchive } from './zip.ts';
import { corruptFile } from './problems.ts';

/** The package parts of Office Open XML files (docx, pptx): relationships and core properties. */
export type Relationship = { id: string; type: string; target: string };

export function readXmlPart(zip: ZipArchive, name: string): XmlElement | undefined {
  const text = zip.readText(name);
  return text === null ? undefined : parseXml(text);
}

/** A part's relationships with their targets resolved to part names; external links are left out. */
export function relationships(zip: ZipArchive, partName: string): Relationship[] {
  const dir = posix.dirname(partName);
  const relsName = posix.join(dir === '.' ? '' : dir, '_rels', `${posix.basename(partName)}.rels`);
  const rels = readXmlPart(zip, relsName);
  if (!rels) return [];
  return elements(rels, 'Relationship')
    .filter((rel) => rel.attrs['TargetMode'] !== 'External' && rel.attrs['Target'])
    .map((rel) => {
      const target = rel.attrs['Target']!;
      return {
        id: rel.attrs['Id'] ?? '',
        type: rel.attrs['Type'] ?? '',
        target: target.startsWith('/')
          ? target.slice(1)
          : posix.normalize(posix.join(dir === '.' ? '' : dir, target)),
      };
    });
}

/** Targets of the relationships whose type ends with `/kind`, e.g. "/officeDocument". */
export function targetsOfType(rels: Relationship[], kind: string): string[] {
  return rels.filter((rel) => rel.type.endsWith(`/${kind}`)).map((rel) => rel.target);
}

/** The package's main part (word/document.xml, ppt/presentation.xml). */
export function mainPartName(zip: ZipArchive): string {
  const name = targetsOfType(relationships(zip, ''), 'officeDocument')[0];
  if (!name || !zip.has(name)) throw corruptFile('the package has no main document part');
  return name;
}

export function documentTitle(zip: ZipArchive): string | undefined {
  const core = readXmlPart(zip, 'docProps/core.xml');
  const title = core ? descendants(core, 'dc:title').map(ownText).join('').trim() : '';
  return title || undefined;
}
