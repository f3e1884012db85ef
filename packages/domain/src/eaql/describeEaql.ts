import type { EaqlNode, EaqlValue } from './ast.ts';
import { NUMBER } from './eaqlValues.ts';
import { BARE_WORD } from './tokenize.ts';

const RESERVED_WORDS = new Set(['and', 'or', 'not', 'in', 'exists', 'true', 'false']);

function describeValue(value: EaqlValue): string {
  if (typeof value !== 'string') return String(value);
  // Quoted when a bare word would read differently: a number or true/false on content.*, a keyword, or special characters.
  const isBare = BARE_WORD.test(value) && !RESERVED_WORDS.has(value.toLowerCase()) && !NUMBER.test(value);
  return isBare ? value : `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

function describeOperand(node: EaqlNode): string {
  return node.kind === 'and' || node.kind === 'or' ? `(${describeEaql(node)})` : describeEaql(node);
}

/** Spec 002 §2 (EAQL): writes a query tree back as a canonical query that parses to the same tree. */
export function describeEaql(node: EaqlNode): string {
  switch (node.kind) {
    case 'and':
      return node.operands.map(describeOperand).join(' AND ');
    case 'or':
      // AND binds tighter than OR, so an AND inside an OR needs no parentheses.
      return node.operands.map((operand) => (operand.kind === 'and' ? describeEaql(operand) : describeOperand(operand))).join(' OR ');
    case 'not':
      return `NOT ${describeOperand(node.operand)}`;
    case 'compare':
      return `${node.property.name} ${node.operator} ${describeValue(node.value)}`;
    case 'in':
      return `${node.property.name} in (${node.values.map(describeValue).join(', ')})`;
    case 'exists':
      return `${node.property.name} exists`;
  }
}
