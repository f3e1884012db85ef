import { useRef, type Dispatch, type KeyboardEvent, type PointerEvent } from 'react';
import type { CropRatio, ImageSize, Point } from '@editor/domain';
import { CORNERS, cropBox, keyDelta, type Corner } from './cropGeometry.ts';
import type { CropAction } from './cropSession.ts';

type Drag = { kind: 'move'; start: Point; from: CropRatio } | { kind: 'corner'; corner: Corner } | { kind: 'focal' };

const HANDLE = 14;
const FOCAL = 18;

// Inside the crop's corners: a crop that touches the image's edge keeps its handles on screen.
const CORNER_STYLE: Record<Corner, { left?: number; right?: number; top?: number; bottom?: number; cursor: string }> = {
  'top-left': { left: 0, top: 0, cursor: 'nwse-resize' },
  'top-right': { right: 0, top: 0, cursor: 'nesw-resize' },
  'bottom-left': { left: 0, bottom: 0, cursor: 'nesw-resize' },
  'bottom-right': { right: 0, bottom: 0, cursor: 'nwse-resize' },
};

interface CropStageProps {
  src: string | undefined;
  image: ImageSize;
  /** Screen pixels per image pixel. */
  scale: number;
  ratio: string;
  crop: CropRatio;
  focal: Point;
  dispatch: Dispatch<CropAction>;
}

/**
 * The crop screen's image (spec 002 §4): the crop rectangle of the selected ratio, dragged by pointer or moved with
 * the arrow keys, four corner handles that resize it in its ratio, and the focal point, set by a click or a drag on
 * the image, that automatic ratios are centred on.
 */
export function CropStage({ src, image, scale, ratio, crop, focal, dispatch }: CropStageProps) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);

  const imagePoint = (event: PointerEvent): Point => {
    const bounds = frame.current?.getBoundingClientRect();
    return { x: (event.clientX - (bounds?.left ?? 0)) / scale, y: (event.clientY - (bounds?.top ?? 0)) / scale };
  };
  const begin = (event: PointerEvent, next: Drag) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    // Capture on the frame: the pointer may leave the rectangle (or the image) while dragging.
    frame.current?.setPointerCapture?.(event.pointerId);
    drag.current = next;
  };
  const handlePointerMove = (event: PointerEvent) => {
    const current = drag.current;
    if (!current) return;
    if (current.kind === 'move') {
      dispatch({ type: 'move', from: current.from, delta: { x: (event.clientX - current.start.x) / scale, y: (event.clientY - current.start.y) / scale } });
    } else if (current.kind === 'corner') {
      dispatch({ type: 'resize', corner: current.corner, point: imagePoint(event) });
    } else {
      dispatch({ type: 'focus', point: imagePoint(event) });
    }
  };
  const handlePointerEnd = (event: PointerEvent) => {
    drag.current = null;
    frame.current?.releasePointerCapture?.(event.pointerId);
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    const delta = keyDelta(event.key, event.shiftKey);
    if (!delta) return;
    event.preventDefault();
    dispatch({ type: 'move', delta });
  };

  const box = cropBox(crop, scale);
  return (
    <div
      ref={frame}
      data-testid="crop-stage"
      style={{ position: 'relative', width: image.width * scale, height: image.height * scale, overflow: 'hidden', cursor: 'crosshair', touchAction: 'none', userSelect: 'none' }}
      onPointerDown={(event) => {
        begin(event, { kind: 'focal' });
        dispatch({ type: 'focus', point: imagePoint(event) });
      }}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerEnd}
      onPointerCancel={handlePointerEnd}
    >
      {src && <img src={src} alt="Image to crop" draggable={false} style={{ display: 'block', width: '100%', height: '100%' }} />}
      <div
        role="group"
        aria-label={`Crop area ${ratio}`}
        aria-roledescription="crop area"
        tabIndex={0}
        onKeyDown={handleKeyDown}
        onPointerDown={(event) => begin(event, { kind: 'move', start: { x: event.clientX, y: event.clientY }, from: crop })}
        style={{
          position: 'absolute',
          ...box,
          cursor: 'move',
          outline: '2px solid white',
          // Everything outside the crop is dimmed.
          boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.5)',
        }}
      >
        {CORNERS.map((corner) => {
          const { cursor, ...position } = CORNER_STYLE[corner];
          return (
            <div
              key={corner}
              aria-hidden
              data-corner={corner}
              onPointerDown={(event) => begin(event, { kind: 'corner', corner })}
              style={{ position: 'absolute', ...position, width: HANDLE, height: HANDLE, cursor, background: 'white', border: '1px solid var(--mantine-color-dark-4)' }}
            />
          );
        })}
      </div>
      <div
        role="img"
        aria-label="Focal point"
        data-focal-point
        onPointerDown={(event) => begin(event, { kind: 'focal' })}
        style={{
          position: 'absolute',
          left: focal.x * scale - FOCAL / 2,
          top: focal.y * scale - FOCAL / 2,
          width: FOCAL,
          height: FOCAL,
          borderRadius: '50%',
          border: '2px solid white',
          boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.6)',
          cursor: 'grab',
        }}
      />
    </div>
  );
}
