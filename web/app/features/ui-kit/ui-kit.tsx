import { type ReactNode, useState } from "react";
import { useModalStore } from "../../shell/modals/modal-store";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card, CardTitle } from "../../ui/card";
import { CopyButton } from "../../ui/copy-button";
import { EmptyState } from "../../ui/empty-state";
import { Input } from "../../ui/input";
import { Modal } from "../../ui/modal";
import { PageHeader } from "../../ui/page-header";
import { showToast } from "../../ui/toast-store";
import styles from "./ui-kit.module.css";

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `kit-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Every UI component in its states, to build and review pages against; development only. */
export function UiKit() {
  const [modalOpen, setModalOpen] = useState(false);
  const openModal = useModalStore((state) => state.openModal);

  return (
    <div className={styles.kit}>
      <PageHeader eyebrow="Development" title="UI kit">
        <p>
          The components Arcana's pages are built from, in each of their states. This page does not exist in production.
        </p>
      </PageHeader>

      <Section title="Buttons">
        <div className={styles.row}>
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="danger">Danger</Button>
        </div>
        <div className={styles.row}>
          <Button disabled>Disabled</Button>
          <Button variant="secondary" disabled>
            Disabled
          </Button>
          <Button loading>Saving</Button>
          <Button variant="secondary" loading>
            Loading
          </Button>
          <Button size="sm">Small</Button>
        </div>
      </Section>

      <Section title="Badges">
        <div className={styles.row}>
          <Badge>Neutral</Badge>
          <Badge tone="gold">Gold</Badge>
          <Badge tone="success">Detected</Badge>
          <Badge tone="danger">Failed</Badge>
        </div>
      </Section>

      <Section title="Cards">
        <div className={styles.grid}>
          <Card>
            <CardTitle>Plain card</CardTitle>
            <p className={styles.muted}>Groups related content on a raised surface.</p>
          </Card>
          <Card tone="glow">
            <CardTitle>Glowing card</CardTitle>
            <p className={styles.muted}>For the one thing on a page that deserves the eye first.</p>
          </Card>
        </div>
        <EmptyState sigil="eye" title="Empty state">
          <p>What will appear here, and how to make it appear.</p>
        </EmptyState>
      </Section>

      <Section title="Inputs">
        <div className={styles.grid}>
          <Input
            label="E-mail address"
            type="email"
            placeholder="you@example.com"
            hint="We will send a six-digit code."
          />
          <Input label="Code" inputMode="numeric" defaultValue="12345" error="The code has six digits." />
          <Input label="Disabled field" disabled defaultValue="Not editable" />
        </div>
      </Section>

      <Section title="Modal">
        <div className={styles.row}>
          <Button variant="secondary" onClick={() => setModalOpen(true)}>
            Open a modal
          </Button>
          <Button variant="ghost" onClick={() => openModal("pointsHistory")}>
            Open the rewards history modal
          </Button>
        </div>
        <Modal
          open={modalOpen}
          onClose={() => setModalOpen(false)}
          title="A modal dialog"
          footer={
            <>
              <Button variant="ghost" onClick={() => setModalOpen(false)}>
                Cancel
              </Button>
              <Button onClick={() => setModalOpen(false)}>Confirm</Button>
            </>
          }
        >
          <p>Closes on Escape, the close button or a click outside. Tab stays inside until it closes.</p>
          <Input label="Something to focus" />
        </Modal>
      </Section>

      <Section title="Toasts">
        <div className={styles.row}>
          <Button variant="secondary" onClick={() => showToast({ message: "Something happened." })}>
            Info toast
          </Button>
          <Button variant="secondary" onClick={() => showToast({ message: "Saved.", tone: "success" })}>
            Success toast
          </Button>
          <Button variant="secondary" onClick={() => showToast({ message: "That did not work.", tone: "error" })}>
            Error toast
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              showToast({
                message: "A toast with an action stays until dismissed.",
                action: { label: "Undo", onClick: () => showToast({ message: "Undone.", tone: "success" }) },
                durationMs: null,
              })
            }
          >
            Toast with action
          </Button>
        </div>
      </Section>

      <Section title="Copy button">
        <div className={styles.row}>
          <code className={styles.code}>ARCANA-SAMPLE</code>
          <CopyButton text="ARCANA-SAMPLE" label="Copy the sample text" />
        </div>
      </Section>
    </div>
  );
}
