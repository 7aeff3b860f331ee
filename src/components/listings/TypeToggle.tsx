import type { ProjectType } from '../../data/listing-views';
import { PROJECT_TYPES } from '../../data/listing-views';
import { SegmentedToggle } from '../ui/SegmentedToggle';

const OPTIONS = PROJECT_TYPES.map((type) => ({ value: type, label: type }));

interface TypeToggleProps {
  value: ProjectType;
  showLabel?: boolean;
  onChange: (type: ProjectType) => void;
  className?: string;
}

/** Commercial / Residential. */
export function TypeToggle({ value, showLabel, onChange, className }: TypeToggleProps) {
  return (
    <SegmentedToggle
      label="Property type"
      showLabel={showLabel}
      options={OPTIONS}
      value={value}
      onChange={onChange}
      className={className}
    />
  );
}
