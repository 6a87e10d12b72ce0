// A real head-and-shoulders photograph for the ID-photo tests: Grace Hopper's portrait (512×600,
// blue sky and a flag behind her), from matplotlib's sample data; scripts/setup installs it.
export const PORTRAIT = '/usr/share/matplotlib/mpl-data/sample_data/grace_hopper.jpg';
