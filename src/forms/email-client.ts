/**
 * The parts of the EmailJS library the forms use, as a module of ours: the file built from it
 * exports them by these names, so a page can fetch it again under a fresh address after a
 * failed load and read them (retrying-import.ts), which a chunk of the library alone, whose
 * exports the build renames, would not allow.
 */
export { init, sendForm } from '@emailjs/browser';
