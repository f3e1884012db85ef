import { describe, expect, it } from 'vitest';
import { fieldEditRule, type FieldEditContext } from './fieldRights.ts';

const EDITOR = ['content-editor', 'translator'];
const TAXONOMY = ['content-editor', 'taxonomy-manager'];
const ADMIN = ['admin'];
const TECHNICIAN = ['technician'];
const EMBARGO = ['content-editor', 'embargo-date-manager'];

/** A context with a readable name for the test title. */
class Context {
  constructor(
    readonly context: FieldEditContext,
    private readonly label: string,
  ) {}
  toString(): string {
    return this.label;
  }
}
const draft = (roles: string[], isSlugClaimPending = false) =>
  new Context({ rights: { roles }, isPublished: false, isSlugClaimPending }, `[${roles.join(', ')}] on a draft${isSlugClaimPending ? ' with a pending claim' : ''}`);
const published = (roles: string[], isSlugClaimPending = false) =>
  new Context({ rights: { roles }, isPublished: true, isSlugClaimPending }, `[${roles.join(', ')}] on a published asset${isSlugClaimPending ? ' with a pending claim' : ''}`);

describe('field-level edit rights (spec 002 §5, §6)', () => {
  it.each([
    // Taxonomy-manager inputs.
    ['main-partner', draft(EDITOR), false],
    ['main-partner', draft(TAXONOMY), true],
    ['main-partner', draft(ADMIN), false],
    ['main-partner-caption', draft(EDITOR), false],
    ['main-partner-caption', draft(TAXONOMY), true],
    ['product-related-quote', draft(EDITOR), false],
    ['product-related-quote', published(TAXONOMY), true],
    ['no-monetization', draft(EDITOR), false],
    ['no-monetization', draft(TAXONOMY), true],
    ['partner-hosted-livestream-container', draft(EDITOR), false],
    ['partner-hosted-livestream-container', draft(TAXONOMY), true],
    // Motorsport ids: admins only.
    ['motorsport-event-id', draft(EDITOR), false],
    ['motorsport-event-id', draft(TAXONOMY), false],
    ['motorsport-event-id', draft(ADMIN), true],
    ['motorsport-season-id', draft(TECHNICIAN), false],
    ['motorsport-season-id', draft(ADMIN), true],
    ['motorsport-series-id', draft(EDITOR), false],
    ['motorsport-series-id', published(ADMIN), true],
    // The URI slug: free until the asset is published, then admin or technician; nobody while a claim is pending.
    ['uri-slug', draft(EDITOR), true],
    ['uri-slug', draft(EDITOR, true), false],
    ['uri-slug', published(EDITOR), false],
    ['uri-slug', published(ADMIN), true],
    ['uri-slug', published(TECHNICIAN), true],
    ['uri-slug', published(ADMIN, true), false],
    ['uri-slug', published(TECHNICIAN, true), false],
    ['uri-title', draft(EDITOR), true],
    ['uri-title', published(EDITOR), false],
    ['uri-title', published(TECHNICIAN), true],
    // Playability start date: embargo-date managers only.
    ['playability-start-date', draft(EDITOR), false],
    ['playability-start-date', draft(ADMIN), false],
    ['playability-start-date', draft(EMBARGO), true],
    // Everything else.
    ['title', draft(EDITOR), true],
    ['title', published(EDITOR), true],
    ['teaser', published([]), true],
    ['standalone', published(EDITOR, true), true],
  ])('%s by %s is editable: %s', (inputName, context, editable) => {
    expect(fieldEditRule(inputName, context.context)).toEqual({ editable });
  });
});
