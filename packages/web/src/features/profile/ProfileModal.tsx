import { Modal } from '@mantine/core';
import { ProfileForm } from './ProfileForm.tsx';

/** Spec 001 §2.9: the profile modal, opened from the user menu's Settings. */
export function ProfileModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="My Profile" size="lg">
      {/* Mounted only while open, so every opening starts from the current settings. */}
      {opened && <ProfileForm onClose={onClose} />}
    </Modal>
  );
}
