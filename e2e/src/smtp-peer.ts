import type { SMTPServer } from "smtp-server";

/**
 * A test's SMTP peer keeps serving when a sender's connection drops mid-session: a server SIGKILLed while sending
 * (the reminders bench and suite) or a relay cut in front of the peer (the outage scenario) resets its socket. A mail
 * server logs that and carries on; without a listener, smtp-server's 'error' event would end the whole test process.
 */
export function keepServingWhenSendersDrop(server: SMTPServer) {
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (!["ECONNRESET", "EPIPE", "ETIMEDOUT"].includes(error.code ?? "")) throw error;
  });
}
