import { describe, expect, it } from 'vitest';
import {
  checkBlocks,
  defineBodies,
  namedTemplates,
  nindentMismatches,
  readActions,
  skeletonDocuments,
  unknownFunctions,
  valuesPaths,
} from './support/go-template.ts';

// The template lint must catch what it claims to: each check below fails on a broken input.
const actions = (text: string) => readActions(text, 'fixture.yaml');

describe('the Go template lint', () => {
  it('finds actions, ignoring "}}" inside strings and reading comments as comments', () => {
    const found = actions(
      'a: {{ printf "}}" .Values.x }}\n{{/* note }} */}}\nb: {{- .Values.y -}}',
    );
    expect(found.map((action) => [action.body, action.isComment])).toEqual([
      ['printf "}}" .Values.x', false],
      ['/* note }} */', true],
      ['.Values.y', false],
    ]);
  });

  it('refuses an action that is never closed', () => {
    expect(() => actions('a: {{ .Values.x\n')).toThrow('fixture.yaml:1: "{{" is never closed');
  });

  it('reports a block without end, an end too many, and an else outside if', () => {
    expect(checkBlocks(actions('{{ if .a }}\n{{ range .b }}\n{{ end }}'), 'f')).toEqual([
      'f:1: "if" is never closed by "end"',
    ]);
    expect(checkBlocks(actions('{{ end }}'), 'f')).toEqual(['f:1: "end" without an open block']);
    expect(checkBlocks(actions('{{ define "x" }}{{ else }}{{ end }}'), 'f')).toEqual([
      'f:1: "else" outside if/with/range',
    ]);
    expect(checkBlocks(actions('{{ if .a }}{{ else if .b }}{{ else }}{{ end }}'), 'f')).toEqual([]);
  });

  it('lists values paths, through variables assigned from .Values too', () => {
    const text =
      '{{ $m := .Values.mysql.bundled }}{{ $m.image.tag }} {{ $.Values.config.PORT | int }}';
    expect(valuesPaths(actions(text)).map((found) => found.path)).toEqual([
      'mysql.bundled',
      'mysql.bundled.image.tag',
      'config.PORT',
    ]);
  });

  it('reports functions that Go templates, Helm and Sprig do not have', () => {
    const text = '{{ toYaml .Values.a | nident 4 }}{{ include "x" (dict "a" .b) | quote }}';
    expect(unknownFunctions(actions(text)).map((found) => found.name)).toEqual(['nident']);
  });

  it('lists defined and included template names', () => {
    const text = '{{- define "a" -}}{{ include "b" . }}{{- end -}}{{ template "a" . }}';
    expect(namedTemplates(actions(text))).toEqual({ defined: ['a'], used: ['b', 'a'] });
    expect(defineBodies(text, 'f').get('a')).toBe('{{ include "b" . }}');
  });

  it('parses the YAML left once actions are out, and fails on mis-indented text', () => {
    const good =
      'kind: A\nmetadata:\n  name: {{ .x }}\n  {{- if .y }}\n  labels: {}\n  {{- end }}\n';
    expect(skeletonDocuments(good, 'good.yaml')).toEqual([
      { kind: 'A', metadata: { name: '__X__', labels: {} } },
    ]);
    const bad = 'kind: A\nmetadata:\n  name: {{ .x }}\n labels: {}\n';
    expect(() => skeletonDocuments(bad, 'bad.yaml')).toThrow(
      /bad\.yaml \(its YAML without the template actions\)/,
    );
  });

  it('reports a block inserted at another depth than its action', () => {
    const text =
      'metadata:\n  labels:\n    {{- include "l" . | nindent 4 }}\n  x:\n      {{- toYaml .y | nindent 4 }}\n';
    expect(nindentMismatches(text, 'f')).toEqual(['f:5: at column 6 but nindent 4']);
  });
});
