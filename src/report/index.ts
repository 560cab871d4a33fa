// The report renderers: the gate's Report as terminal text, GitHub Markdown, JSON, SARIF and annotations.
export { annotationsOf, type Annotation } from './annotations.js';
export { plural, summaryLine } from './describe.js';
export { codeBlock, codeSpan, escapeMarkdown, printable } from './escape.js';
export { renderJson } from './render-json.js';
export { DEFAULT_MARKDOWN_LENGTH, renderMarkdown, type MarkdownOptions } from './render-markdown.js';
export {
  renderSarif,
  SARIF_KINDS,
  sarifAdvisoryRule,
  sarifFingerprint,
  sarifRules,
  sarifSuppressions,
} from './render-sarif.js';
export { renderText, type TextOptions } from './render-text.js';
