import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { renderImageField } from '../image/imageTestKit.tsx';

const image = (name: string, label: string): InputDefinition => ({ name, type: 'image', constraints: { providers: ['cloudinary'] }, view: { label } });
const storyContent: InputDefinition = {
  name: 'story-content',
  type: 'one-of-container',
  multiple: true,
  constraints: {
    oneOfProperties: [
      image('image', 'Image'),
      // The real element references a gallery asset, whose picker needs the router; the display type is the item's alone.
      { name: 'image-gallery', type: 'text', view: { label: 'Image gallery' } },
      { name: 'couple', type: 'container', constraints: { properties: [image('couple-left-image', 'Left image'), image('couple-right-image', 'Right image')] }, view: { label: 'Two images' } },
      {
        name: 'couple-right-image',
        type: 'container',
        constraints: { properties: [{ name: 'couple-text', type: 'rich-text', view: { label: 'Text' } }, image('couple-image', 'Image')] },
        view: { label: 'Text with image on the right' },
      },
    ],
  },
  view: { label: 'Story' },
};

const item = (name: string) => screen.getByRole('group', { name });
const choice = (group: HTMLElement, name: string) => within(group).getByRole('button', { name });

function renderStory(items: unknown[], options: { isReadonly?: boolean } = {}) {
  return renderImageField(storyContent, { values: { 'story-content': items }, ...options });
}

describe('image placement and gallery display (spec 001 §3-§5)', () => {
  it('places an image element by orientation and size, in the item’s _meta.style', async () => {
    const { user, valueOf } = renderStory([{ type: 'image' }]);
    const orientation = within(item('Image 1')).getByRole('group', { name: 'Orientation' });
    const size = within(item('Image 1')).getByRole('group', { name: 'Size' });
    expect(choice(orientation, 'None')).toHaveAttribute('aria-pressed', 'true');
    await user.click(choice(orientation, 'Portrait'));
    await user.click(choice(size, 'S'));
    const [placed] = valueOf() as Array<{ _meta: { style: { id: string; attributes: unknown } } }>;
    expect(placed?._meta.style.attributes).toEqual({ orientation: 'portrait', size: 'S' });
    expect(placed?._meta.style.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(choice(size, 'S')).toHaveAttribute('aria-pressed', 'true');
  });

  it('clears the active size when chosen again, and removes the style with its last attribute', async () => {
    const style = { id: 's1', attributes: { orientation: 'landscape', size: 'M' } };
    const { user, valueOf } = renderStory([{ type: 'image', _meta: { style } }]);
    const group = item('Image 1');
    await user.click(choice(within(group).getByRole('group', { name: 'Size' }), 'M'));
    expect(valueOf()).toEqual([{ type: 'image', _meta: { style: { id: 's1', attributes: { orientation: 'landscape' } } } }]);
    await user.click(choice(within(group).getByRole('group', { name: 'Orientation' }), 'None'));
    expect(valueOf()).toEqual([{ type: 'image' }]);
  });

  it('offers it beside a text, not on the images of a couple', () => {
    renderStory([{ type: 'couple' }, { type: 'couple-right-image' }]);
    expect(within(item('Two images 1')).queryByRole('group', { name: 'Orientation' })).toBeNull();
    expect(within(item('Text with image on the right 2')).getByRole('group', { name: 'Orientation' })).toBeVisible();
  });

  it('shows a gallery as a grid or a rail', async () => {
    const { user, valueOf } = renderStory([{ type: 'image-gallery' }]);
    const display = within(item('Image gallery 1')).getByRole('group', { name: 'Gallery display' });
    await user.click(choice(display, 'Rail'));
    expect((valueOf() as Array<{ _meta?: { style?: { attributes: unknown } } }>)[0]?._meta?.style?.attributes).toEqual({ displayType: 'rail' });
    expect(choice(display, 'Rail')).toHaveAttribute('aria-pressed', 'true');
  });

  it('disables the choices when the asset is not editable', () => {
    renderStory([{ type: 'image', _meta: { style: { id: 's1', attributes: { size: 'L' } } } }], { isReadonly: true });
    const size = within(item('Image 1')).getByRole('group', { name: 'Size' });
    expect(choice(size, 'L')).toBeDisabled();
    expect(choice(size, 'L')).toHaveAttribute('aria-pressed', 'true');
  });
});
