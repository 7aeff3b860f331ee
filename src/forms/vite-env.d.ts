/** The form endpoints, read by config.ts; see env.ts and .env.example. */
interface ImportMetaEnv {
  readonly VITE_LEAD_API_URL?: string;
  readonly VITE_EMAILJS_ORIGIN?: string;
  readonly VITE_EMAILJS_PUBLIC_KEY?: string;
  readonly VITE_EMAILJS_SERVICE_ID?: string;
  readonly VITE_EMAILJS_TEMPLATE_CONTACT?: string;
  readonly VITE_EMAILJS_TEMPLATE_JOIN?: string;
  readonly VITE_EMAILJS_TEMPLATE_LIST?: string;
}
