import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { InputDefinition } from '@editor/domain';
import { renderField } from '../../test/renderField.tsx';
import { dragWithKeyboard } from '../container-items/keyboardDrag.ts';

const text = (name: string, label: string): InputDefinition => ({ name, type: 'text', view: { label } });

const headline: InputDefinition = {
  name: 'headline',
  type: 'container',
  constraints: { properties: [text('headline-text', 'Headline'), text('headline-note', 'Note')] },
  view: { label: 'Headline' },
};

const customProperties: InputDefinition = {
  name: 'custom-properties',
  type: 'container',
  multiple: true,
  constraints: { properties: [text('key', 'Key'), text('value', 'Value')] },
  view: { label: 'Custom properties' },
};

const interview: InputDefinition = {
  name: 'interview',
  type: 'container',
  constraints: {
    properties: [
      text('interview-question', 'Question'),
      { name: 'interview-answers', type: 'container', multiple: true, constraints: { minLength: 1, properties: [text('interview-answer-name', 'Name')] }, view: { label: 'Answers' } },
    ],
  },
  view: { label: 'Interview' },
};

const accordion: InputDefinition = {
  name: 'accordion',
  type: 'container',
  constraints: {
    properties: [
      text('accordion-title', 'Title'),
      { name: 'accordion-items', type: 'container', multiple: true, constraints: { properties: [text('accordion-item-title', 'Heading')] }, view: { label: 'Sections' } },
    ],
  },
  view: { label: 'Accordion' },
};

const factContent: InputDefinition = {
  name: 'fact-content',
  type: 'container',
  constraints: {
    properties: [
      text('fact-content-title', 'Title'),
      { name: 'fact-content-container', type: 'container', multiple: true, constraints: { minLength: 1, properties: [text('fact-content-headline', 'Headline')] }, view: { label: 'Facts' } },
    ],
  },
  view: { label: 'Fact box' },
};

describe('ContainerWidget', () => {
  it('renders each child at its own name and writes the object', async () => {
    const { user, valueOf } = renderField(headline, { headline: { 'headline-text': 'Old' } });
    expect(screen.getByLabelText('Headline', { selector: 'input' })).toHaveValue('Old');
    await user.type(screen.getByLabelText('Note'), 'New note');
    await user.tab();
    expect(valueOf()).toEqual({ 'headline-text': 'Old', 'headline-note': 'New note' });
  });

  it('adds an item at the end and above an item, and removes one', async () => {
    const { user, valueOf } = renderField(customProperties, { 'custom-properties': [{ key: 'a' }] });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(valueOf()).toEqual([{ key: 'a' }, {}]);

    await user.click(screen.getByRole('button', { name: 'Add above Custom properties 1' }));
    expect(valueOf()).toEqual([{}, { key: 'a' }, {}]);
    expect(screen.getAllByLabelText('Key')[1]).toHaveValue('a');

    await user.click(screen.getByRole('button', { name: 'Remove Custom properties 1' }));
    expect(valueOf()).toEqual([{ key: 'a' }, {}]);
    expect(screen.getAllByLabelText('Key')[0]).toHaveValue('a');
  });

  it('reorders items by dragging with the keyboard, and their fields follow', async () => {
    const { user, valueOf } = renderField(customProperties, { 'custom-properties': [{ key: 'a' }, { key: 'b' }, { key: 'c' }] });
    await dragWithKeyboard(user, screen.getByRole('button', { name: 'Reorder Custom properties 1' }), 2);
    expect(valueOf()).toEqual([{ key: 'b' }, { key: 'c' }, { key: 'a' }]);
    expect(screen.getAllByLabelText('Key').map((field) => (field as HTMLInputElement).value)).toEqual(['b', 'c', 'a']);
  });

  it('starts interview answers with one empty answer without changing the asset, and writes it on the first change', async () => {
    const { user, store, valueOf } = renderField(interview, {});
    const answer = screen.getByRole('group', { name: 'Answers 1' });
    expect(store.getState().changes).toEqual([]);
    expect(valueOf()).toBeUndefined();
    expect(within(answer).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();

    const name = within(answer).getByLabelText('Name');
    await user.type(name, 'Ann');
    await user.tab();
    expect(valueOf()).toEqual({ 'interview-answers': [{ 'interview-answer-name': 'Ann' }] });
    // The shown answer became the stored one without being mounted again.
    expect(within(screen.getByRole('group', { name: 'Answers 1' })).getByLabelText('Name')).toBe(name);
  });

  it('adds a second fact to the one a fact box starts with', async () => {
    const { user, valueOf } = renderField(factContent, {});
    expect(screen.getByRole('group', { name: 'Facts 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(valueOf()).toEqual({ 'fact-content-container': [{}, {}] });
    expect(screen.getByRole('button', { name: 'Remove Facts 1' })).toBeInTheDocument();
  });

  it('shows no add toolbar at the top of the single item of an accordion, but does once there are two', async () => {
    const { user } = renderField(accordion, { accordion: { 'accordion-items': [{ 'accordion-item-title': 'One' }] } });
    expect(screen.queryByRole('button', { name: /^Add above/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getAllByRole('button', { name: /^Add above/ })).toHaveLength(2);
  });

  it('shows the add toolbar at the top of a single item elsewhere', () => {
    renderField(customProperties, { 'custom-properties': [{ key: 'a' }] });
    expect(screen.getByRole('button', { name: 'Add above Custom properties 1' })).toBeInTheDocument();
  });

  it('hides add, remove and reorder when the asset is read-only', () => {
    renderField(customProperties, { 'custom-properties': [{ key: 'a' }] }, { isReadonly: true });
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove|Reorder|Add above/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Key')).toBeDisabled();
  });
});
