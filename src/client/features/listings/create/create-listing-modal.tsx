import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '#client/components/ui/modal.js';
import { ExistingProductForm } from './existing-product-form';
import { NewProductForm } from './new-product-form';
import '#client/features/listings/create/create-listing.css';
import { Button } from '#client/components/ui/button.js';

type Step = 'choice' | 'new' | 'existing';

const TITLES: Record<Step, string> = {
  choice: 'Create Listing',
  new: 'New Product',
  existing: 'Existing Product',
};

/** Steps: choice, then the new-product or the existing-product form; then "Listing created!". */
export function CreateListingModal({
  vendorId,
  onClose,
}: {
  vendorId: number;
  onClose: () => void;
}) {
  const [step, setStep] = useState<Step>('choice');
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();

  const created = (listingId: number) => {
    setCreatedId(listingId);
    void client.invalidateQueries({ queryKey: ['listings'] });
    void client.invalidateQueries({ queryKey: ['products'] });
  };

  return (
    <Modal title={createdId ? 'Listing created!' : TITLES[step]} onClose={onClose} busy={busy}>
      {createdId !== null ? (
        <div className="create-done">
          <p className="form-success" role="status">
            Listing created!
          </p>
          <div className="btn-row">
            <Link className="btn" to={`/productListing/${createdId}`} onClick={onClose}>
              View listing
            </Link>
            <Button variant="outline" onClick={onClose}>
              Done
            </Button>
          </div>
        </div>
      ) : step === 'choice' ? (
        <div className="choice-grid">
          <button type="button" className="choice" onClick={() => setStep('new')}>
            <strong>New Product</strong>
            <span>Photo, title, description, category, price and condition.</span>
          </button>
          <button type="button" className="choice" onClick={() => setStep('existing')}>
            <strong>Existing Product</strong>
            <span>Sell one of your earlier products again with a new price.</span>
          </button>
        </div>
      ) : step === 'new' ? (
        <NewProductForm
          vendorId={vendorId}
          onCreated={created}
          onBack={() => setStep('choice')}
          onBusyChange={setBusy}
        />
      ) : (
        <ExistingProductForm
          vendorId={vendorId}
          onCreated={created}
          onBack={() => setStep('choice')}
          onNewProduct={() => setStep('new')}
        />
      )}
    </Modal>
  );
}
