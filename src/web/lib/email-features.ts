import { useEffect, useState } from 'react';
import { apiRequest } from './api-client.js';

let asked: Promise<boolean> | null = null;

/** Whether the server can send email (SMTP_URL), asked once per page load. */
function emailEnabled(): Promise<boolean> {
  asked ??= apiRequest<{ email: boolean }>('/auth/features', { withToken: false }).then(
    (result) => result.ok && result.data.email,
  );
  return asked;
}

/** False until the server says email is set up: the email controls appear only then. */
export function useEmailEnabled(): boolean {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let current = true;
    void emailEnabled().then((value) => current && setEnabled(value));
    return () => {
      current = false;
    };
  }, []);
  return enabled;
}
