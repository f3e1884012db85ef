import { useState, type DragEvent } from 'react';

/** Whether a drag carries files (not text or a link dragged from the page). */
function isFileDrag(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/** Makes an element a drop target for files, with plain drag events; `isDragging` while files hover over it. */
export function useFileDrop({ onFiles, isDisabled = false }: { onFiles: (files: File[]) => void; isDisabled?: boolean }) {
  const [isDragging, setIsDragging] = useState(false);

  const handleDragOver = (event: DragEvent) => {
    if (!isFileDrag(event)) return;
    // Without this the browser opens the dropped file instead.
    event.preventDefault();
    event.dataTransfer.dropEffect = isDisabled ? 'none' : 'copy';
    setIsDragging(true);
  };
  const handleDragLeave = (event: DragEvent) => {
    // Moving onto a child fires a leave on the target; only leaving the target itself counts.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
  };
  const handleDrop = (event: DragEvent) => {
    if (!isFileDrag(event)) return;
    event.preventDefault();
    setIsDragging(false);
    if (!isDisabled) onFiles(Array.from(event.dataTransfer.files));
  };

  return { isDragging, dropHandlers: { onDragEnter: handleDragOver, onDragOver: handleDragOver, onDragLeave: handleDragLeave, onDrop: handleDrop } };
}
