// Registers every element; the classic-script bundle for legacy pages is built from this file.
import './fin-price-dynamics.ts';
