/** The sign-in code e-mail: the code large, with its expiry, in HTML and plain text. */
export function signInCodeMail(code: string, expiresInMinutes: number) {
  const subject = `${code} is your Arcana sign-in code`;
  const text = [
    `Your Arcana sign-in code is ${code}.`,
    "",
    `It expires in ${expiresInMinutes} minutes and works once.`,
    "If you did not ask for it, you can ignore this e-mail: nobody can sign in without the code.",
  ].join("\n");
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;background:#0d0b1a;font-family:Georgia,serif;color:#ece8ff">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#1a1533;border:1px solid #3b2f6b;border-radius:16px">
<tr><td style="padding:32px;text-align:center">
<p style="margin:0 0 8px;font-size:14px;letter-spacing:.2em;text-transform:uppercase;color:#d4af37">Arcana</p>
<h1 style="margin:0 0 24px;font-size:22px;font-weight:normal">Your sign-in code</h1>
<p style="margin:0 0 24px;font-family:'Courier New',monospace;font-size:40px;letter-spacing:.3em;color:#f5d76e"><strong>${code}</strong></p>
<p style="margin:0 0 8px;font-size:15px">It expires in ${expiresInMinutes} minutes and works once.</p>
<p style="margin:0;font-size:13px;color:#a79fd1">If you did not ask for it, you can ignore this e-mail: nobody can sign in without the code.</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}
