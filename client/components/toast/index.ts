export { toast, toastStore, type ToastKind, type ToastSink } from './toast-store';
export { Toaster } from './Toaster';
