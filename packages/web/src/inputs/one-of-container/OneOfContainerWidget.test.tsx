import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { InputDefinition } from '@editor/domain';
import { renderField } from '../../test/renderField.tsx';
import { ADD_TOOLBAR_SCROLL_STEP_PX } from '../container-items/AddToolbar.tsx';
import { dragWithKeyboard } from '../container-items/keyboardDrag.ts';

const storyContent: InputDefinition = {
  name: 'story-content',
  type: 'one-of-container',
  multiple: true,
  constraints: {
    required: true,
    oneOfProperties: [
      { name: 'text', type: 'rich-text', constraints: { required: true }, view: { label: 'Text' } },
      {
        name: 'headline',
        type: 'container',
        constraints: { properties: [{ name: 'headline-text', type: 'text', constraints: { required: true }, view: { label: 'Headline text' } }] },
        view: { label: 'Headline' },
      },
      {
        name: 'info-block-group',
        type: 'container',
        constraints: { properties: [{ name: 'info-block-group-title', type: 'text', view: { label: 'Title' } }] },
        view: { label: 'Info block group' },
      },
      { name: 'legal-disclaimer', type: 'rich-text', view: { label: 'Legal disclaimer' } },
    ],
  },
  view: { label: 'Story' },
};

const authorship: InputDefinition = {
  name: 'authorship',
  type: 'one-of-container',
  multiple: true,
  constraints: {
    required: true,
    oneOfProperties: [{ name: 'author-name', type: 'text', constraints: { required: true }, view: { label: 'Author name' } }],
  },
  view: { label: 'Authorship' },
};

const heroChoice: InputDefinition = {
  name: 'hero',
  type: 'one-of-container',
  constraints: { oneOfProperties: [{ name: 'hero-title', type: 'text', view: { label: 'Hero title' } }] },
  view: { label: 'Hero' },
};

const text = (value: string) => ({ type: 'text', value });
const headline = (value: string) => ({ type: 'headline', value: { 'headline-text': value } });
const item = (name: string) => screen.getByRole('group', { name });
/** The Remove button of the item whose headline is `title`, whatever its label's number. */
const removeOf = (title: string) => within(screen.getByDisplayValue(title).closest('[role="group"]') as HTMLElement).getByRole('button', { name: /^Remove / });

function renderStory(items: unknown[], options: Parameters<typeof renderField>[2] = {}) {
  return renderField(storyContent, { 'story-content': items }, options);
}

describe('OneOfContainerWidget', () => {
  it('shows each item with its choice’s label and widget', () => {
    renderStory([text('<p>A</p>'), headline('Big news')]);
    expect(within(item('Text 1')).getByText('Text')).toBeInTheDocument();
    expect(within(item('Headline 2')).getByLabelText('Headline text')).toHaveValue('Big news');
  });

  it('adds an item of a choice at the end from the add toolbar', async () => {
    const { user, valueOf } = renderStory([text('<p>A</p>')]);
    const toolbar = screen.getByRole('toolbar', { name: 'Add to Story' });
    expect(within(toolbar).getAllByRole('button').map((button) => button.textContent)).toEqual(['Text', 'Headline', 'Info block group', 'Legal disclaimer']);
    await user.click(within(toolbar).getByRole('button', { name: 'Headline' }));
    expect(valueOf()).toEqual([text('<p>A</p>'), { type: 'headline' }]);
    expect(within(item('Headline 2')).getByLabelText('Headline text')).toBeInTheDocument();
  });

  it('inserts an item between items from the toolbar at the top of an item', async () => {
    const { user, valueOf } = renderStory([text('<p>A</p>'), text('<p>B</p>')]);
    await user.click(screen.getByRole('button', { name: 'Add above Text 2' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Add above Text 2' })).getByRole('button', { name: 'Headline' }));
    expect(valueOf()).toEqual([text('<p>A</p>'), { type: 'headline' }, text('<p>B</p>')]);
    expect(screen.queryByRole('toolbar', { name: /^Add above/ })).not.toBeInTheDocument();
  });

  it('removes an item', async () => {
    const { user, valueOf } = renderStory([text('<p>A</p>'), headline('H'), text('<p>B</p>')]);
    await user.click(screen.getByRole('button', { name: 'Remove Headline 2' }));
    expect(valueOf()).toEqual([text('<p>A</p>'), text('<p>B</p>')]);
  });

  it('moves the focus to the Remove button of the item that takes the removed one’s place, or of the one before the last', async () => {
    const { user } = renderStory([headline('One'), headline('Two'), headline('Three')]);
    await user.click(screen.getByRole('button', { name: 'Remove Headline 2' }));
    await waitFor(() => expect(removeOf('Three')).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(removeOf('One')).toHaveFocus());
  });

  it('clears the value when the last item is removed', async () => {
    const { user, valueOf } = renderStory([headline('H')]);
    await user.click(screen.getByRole('button', { name: 'Remove Headline 1' }));
    expect(valueOf()).toBeUndefined();
  });

  it('reorders items by dragging with the keyboard; each item keeps its field', async () => {
    const { user, valueOf } = renderStory([headline('One'), headline('Two'), headline('Three')]);
    const field = within(item('Headline 3')).getByLabelText('Headline text');
    await dragWithKeyboard(user, screen.getByRole('button', { name: 'Reorder Headline 3' }), -2);
    expect(valueOf()).toEqual([headline('Three'), headline('One'), headline('Two')]);
    // The moved item's field moved with it instead of being mounted again.
    expect(within(item('Headline 1')).getByLabelText('Headline text')).toBe(field);
  });

  it('merges a text into the text before it and removes it (spec 002 §4)', async () => {
    const { user, valueOf } = renderStory([text('<p>A</p>'), text('<p>B</p>'), headline('H'), text('<p>C</p>')]);
    expect(screen.queryByRole('button', { name: 'Merge Text 1 into the previous item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Merge Text 4 into the previous item' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Merge Text 2 into the previous item' }));
    expect(valueOf()).toEqual([text('<p>A</p><p>B</p>'), headline('H'), text('<p>C</p>')]);
  });

  it('merges only texts: a legal disclaimer is no paragraph', () => {
    renderStory([text('<p>A</p>'), { type: 'legal-disclaimer', value: '<p>Terms</p>' }, text('<p>B</p>')]);
    expect(screen.queryByRole('button', { name: 'Merge Legal disclaimer 2 into the previous item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Merge Text 3 into the previous item' })).not.toBeInTheDocument();
  });

  it('shows the error of an item whose choice has no value, at the item', () => {
    renderStory([text('<p>A</p>'), { type: 'headline' }], { showAllErrors: true });
    expect(within(item('Headline 2')).getByText('This field is required.')).toBeInTheDocument();
    expect(within(item('Text 1')).queryByText('This field is required.')).not.toBeInTheDocument();
  });

  it('shows a blank item’s error once the item was left', async () => {
    const { user } = renderField(authorship, { authorship: [{ type: 'author-name' }] });
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    await user.click(within(item('Author name 1')).getByLabelText('Author name'));
    await user.tab();
    expect(within(item('Author name 1')).getAllByText('This field is required.').length).toBeGreaterThan(0);
  });

  it('offers the choices for an item that has none', async () => {
    const { user, valueOf } = renderField(authorship, { authorship: [{}] });
    await user.click(within(screen.getByRole('toolbar', { name: 'Choose Authorship 1' })).getByRole('button', { name: 'Author name' }));
    expect(valueOf()).toEqual([{ type: 'author-name' }]);
  });

  it('keeps an info block group’s layout in the item’s _meta.style (spec 002 §3, §9)', async () => {
    const { user, valueOf } = renderStory([{ type: 'info-block-group', value: { 'info-block-group-title': 'Facts' } }]);
    const layout = within(item('Info block group 1')).getByRole('radiogroup', { name: 'Info block layout' });
    expect(within(layout).getByRole('radio', { name: 'Horizontal' })).not.toBeChecked();
    await user.click(within(layout).getByRole('radio', { name: 'Vertical' }));
    expect(valueOf()).toEqual([
      { type: 'info-block-group', value: { 'info-block-group-title': 'Facts' }, _meta: { style: { id: 'stack', attributes: { displayType: 'stack' } } } },
    ]);
    expect(within(layout).getByRole('radio', { name: 'Vertical' })).toBeChecked();
  });

  it('hides the toolbars, remove, merge and reorder when the asset is read-only', () => {
    renderStory([text('<p>A</p>'), text('<p>B</p>')], { isReadonly: true });
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('holds a single one-of value when the input is not multiple', async () => {
    const { user, valueOf } = renderField(heroChoice);
    await user.click(within(screen.getByRole('toolbar', { name: 'Add to Hero' })).getByRole('button', { name: 'Hero title' }));
    expect(valueOf()).toEqual({ type: 'hero-title' });
    await user.type(screen.getByRole('textbox', { name: 'Hero title' }), 'Up');
    await user.tab();
    expect(valueOf()).toEqual({ type: 'hero-title', value: 'Up' });
    await user.click(screen.getByRole('button', { name: 'Remove Hero title' }));
    expect(valueOf()).toBeUndefined();
  });
});

describe('add toolbar scrolling (spec 002 §9)', () => {
  const original = {
    scrollWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollWidth'),
    clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
  };
  afterEach(() => {
    for (const [name, descriptor] of Object.entries(original)) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollBy;
  });

  it('shows scroll buttons when the choices overflow and scrolls by the step', async () => {
    Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => 900 });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
    const scrollBy = vi.fn<(options?: ScrollToOptions) => void>();
    HTMLElement.prototype.scrollBy = scrollBy as HTMLElement['scrollBy'];
    // A browser's observer reports the size once observation starts; the test setup's stub never does.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: ResizeObserverCallback) {}
        observe() {
          this.report([], this as unknown as ResizeObserver);
        }
        disconnect() {}
      },
    );
    const { user } = renderStory([]);
    const toolbar = screen.getByRole('toolbar', { name: 'Add to Story' });
    expect(within(toolbar).queryByRole('button', { name: 'Scroll left' })).not.toBeInTheDocument();
    await user.click(within(toolbar).getByRole('button', { name: 'Scroll right' }));
    expect(scrollBy).toHaveBeenCalledWith({ left: ADD_TOOLBAR_SCROLL_STEP_PX, behavior: 'smooth' });
    expect(ADD_TOOLBAR_SCROLL_STEP_PX).toBe(300);
  });
});
