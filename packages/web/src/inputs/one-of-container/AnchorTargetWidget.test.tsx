import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { VALIDATION_MESSAGES, type InputDefinition } from '@editor/domain';
import { renderField } from '../../test/renderField.tsx';

const storyContent: InputDefinition = {
  name: 'story-content',
  type: 'one-of-container',
  multiple: true,
  constraints: {
    oneOfProperties: [
      { name: 'text', type: 'rich-text', constraints: { required: true }, view: { label: 'Text' } },
      {
        name: 'cta-anchor',
        type: 'container',
        constraints: {
          properties: [
            { name: 'cta-label', type: 'text', constraints: { required: true }, view: { label: 'Button label' } },
            {
              name: 'cta-anchor-target',
              type: 'text',
              constraints: { required: true },
              view: { label: 'Anchor', hint: 'The Button label needs to be set to select an Anchor.', style: 'anchor' },
            },
          ],
        },
        view: { label: 'Call to action: jump to a paragraph' },
      },
    ],
  },
  view: { label: 'Story' },
};

const text = (html: string, meta?: Record<string, unknown>) => ({ type: 'text', value: html, ...(meta ? { _meta: meta } : {}) });
const cta = (label?: string, target?: string) => ({
  type: 'cta-anchor',
  value: { ...(label ? { 'cta-label': label } : {}), ...(target ? { 'cta-anchor-target': target } : {}) },
});
const item = (name: string) => screen.getByRole('group', { name });
const ctaItem = () => item('Call to action: jump to a paragraph 3');

describe('AnchorTargetWidget (spec 002 §4 Anchors, §5)', () => {
  it('keeps Select Anchor disabled, with the spec’s text, until the button label is set', () => {
    renderField(storyContent, { 'story-content': [text('<p>A</p>'), text('<p>B</p>'), cta()] });
    expect(within(ctaItem()).getByRole('button', { name: 'Select Anchor' })).toBeDisabled();
    expect(within(ctaItem()).getByText(VALIDATION_MESSAGES.anchorNeedsButtonLabel)).toBeInTheDocument();
  });

  it('sets the anchor on the paragraph chosen in selection mode, with the url fragment in its meta', async () => {
    const { user, valueOf } = renderField(storyContent, { 'story-content': [text('<p>A</p>'), text('<p>B</p>'), cta('Read the rules')] });
    expect(screen.queryByRole('button', { name: 'Set Anchor on Text 2' })).not.toBeInTheDocument();
    await user.click(within(ctaItem()).getByRole('button', { name: 'Select Anchor' }));
    await user.click(screen.getByRole('button', { name: 'Set Anchor on Text 2' }));

    const [first, second, anchor] = valueOf() as Array<Record<string, unknown>>;
    const anchorKey = (anchor?.value as Record<string, string> | undefined)?.['cta-anchor-target'];
    expect(anchorKey).toMatch(/^anchor-/);
    expect(second).toEqual(text('<p>B</p>', { anchorKey, urlFragment: 'read-the-rules' }));
    expect(first).toEqual(text('<p>A</p>'));
    // Selection mode is over; the call to action tells where it jumps, the paragraph shows its fragment.
    expect(screen.queryByRole('button', { name: /^Set Anchor on/ })).not.toBeInTheDocument();
    expect(within(ctaItem()).getByText('Jumps to Text 2 (#read-the-rules)')).toBeInTheDocument();
    expect(within(item('Text 2')).getByText('#read-the-rules')).toBeInTheDocument();
  });

  it('moves the anchor to another paragraph, leaving one paragraph per anchor', async () => {
    const values = [text('<p>A</p>'), text('<p>B</p>', { anchorKey: 'anchor-1', urlFragment: 'rules' }), cta('Rules', 'anchor-1')];
    const { user, valueOf } = renderField(storyContent, { 'story-content': values });
    await user.click(within(ctaItem()).getByRole('button', { name: 'Select Anchor' }));
    await user.click(screen.getByRole('button', { name: 'Set Anchor on Text 1' }));
    expect(valueOf()).toEqual([text('<p>A</p>', { anchorKey: 'anchor-1', urlFragment: 'rules' }), text('<p>B</p>'), cta('Rules', 'anchor-1')]);
  });

  it('cancels selection mode without a change, and removes an anchor from both ends', async () => {
    const values = [text('<p>A</p>', { anchorKey: 'anchor-1', urlFragment: 'rules' }), text('<p>B</p>'), cta('Rules', 'anchor-1')];
    const { user, valueOf } = renderField(storyContent, { 'story-content': values });
    await user.click(within(ctaItem()).getByRole('button', { name: 'Select Anchor' }));
    await user.click(within(ctaItem()).getByRole('button', { name: 'Cancel selection' }));
    expect(screen.queryByRole('button', { name: /^Set Anchor on/ })).not.toBeInTheDocument();
    expect(valueOf()).toBe(values);

    await user.click(within(ctaItem()).getByRole('button', { name: 'Remove Anchor' }));
    expect(valueOf()).toEqual([text('<p>A</p>'), text('<p>B</p>'), cta('Rules')]);
  });

  it('takes the anchor off its paragraph when the call to action is removed', async () => {
    const values = [text('<p>A</p>', { anchorKey: 'anchor-1', urlFragment: 'rules' }), text('<p>B</p>'), cta('Rules', 'anchor-1')];
    const { user, valueOf } = renderField(storyContent, { 'story-content': values });
    await user.click(screen.getByRole('button', { name: 'Remove Call to action: jump to a paragraph 3' }));
    expect(valueOf()).toEqual([text('<p>A</p>'), text('<p>B</p>')]);
  });

  it('offers no selection when read-only', () => {
    renderField(storyContent, { 'story-content': [text('<p>A</p>'), text('<p>B</p>'), cta('Rules')] }, { isReadonly: true });
    expect(screen.queryByRole('button', { name: 'Select Anchor' })).not.toBeInTheDocument();
  });
});
