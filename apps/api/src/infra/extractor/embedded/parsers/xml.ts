import { XMLParser } from 'fast-xml-parser';

export type XmlElement = { name: string; attrs: Record<string, string>; children: XmlNode[] };
export type XmlNode = XmlElement | string;

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

// Office XML never declares entities; fast-xml-parser caps them anyway. htmlEntities also decodes
// numeric character references (&#x41;), which Excel and Word do write.
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  htmlEntities: true,
});

/** The document element of an XML text, with children in document order. */
export function parseXml(text: string): XmlElement {
  const nodes = convert(parser.parse(text) as OrderedNode[]);
  const root = nodes.find((node) => typeof node !== 'string');
  if (!root) throw new Error('XML part has no root element');
  return root;
}

function convert(nodes: OrderedNode[]): XmlNode[] {
  const result: XmlNode[] = [];
  for (const node of nodes) {
    for (const key of Object.keys(node)) {
      if (key === ':@') continue;
      const value = node[key];
      if (key === '#text') result.push(String(value));
      else
        result.push({
          name: key,
          attrs: node[':@'] ?? {},
          children: convert(value as OrderedNode[]),
        });
    }
  }
  return result;
}

export function elements(node: XmlElement | undefined, name?: string): XmlElement[] {
  return (node?.children ?? []).filter(
    (child): child is XmlElement => typeof child !== 'string' && (!name || child.name === name),
  );
}

export function child(node: XmlElement | undefined, name: string): XmlElement | undefined {
  return node?.children.find(
    (item): item is XmlElement => typeof item !== 'string' && item.name === name,
  );
}

/** The element at the end of a path of child names, e.g. path(p, 'w:pPr', 'w:numPr'). */
export function path(node: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  let current = node;
  for (const name of names) current = child(current, name);
  return current;
}

/** Every descendant element with this name, in document order (not looking inside matches). */
export function descendants(node: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (element: XmlElement) => {
    for (const item of element.children) {
      if (typeof item === 'string') continue;
      if (item.name === name) found.push(item);
      else visit(item);
    }
  };
  visit(node);
  return found;
}

export function ownText(node: XmlElement | undefined): string {
  return (node?.children ?? []).filter((item) => typeof item === 'string').join('');
}
