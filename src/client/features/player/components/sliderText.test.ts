import { SEEK_STEP_SECONDS, seekByKey, seekValueText, volumeValueText } from './sliderText';

describe('the player sliders speak (docs/product.md §5.5)', () => {
  it('the seek slider says the position of the duration, in m:ss', () => {
    expect(seekValueText(65, 200)).toBe('1:05 of 3:20');
    expect(seekValueText(65.9, 200.4)).toBe('1:05 of 3:20');
    expect(seekValueText(0, 0)).toBe('0:00 of 0:00');
  });

  it('the volume slider says a percentage', () => {
    expect(volumeValueText(0.4)).toBe('40%');
    expect(volumeValueText(1)).toBe('100%');
    expect(volumeValueText(0.05)).toBe('5%');
    expect(volumeValueText(0)).toBe('0%');
  });

  it('arrows move the seek slider 5 s, within the track', () => {
    expect(SEEK_STEP_SECONDS).toBe(5);
    expect(seekByKey('ArrowRight', 60, 200)).toBe(65);
    expect(seekByKey('ArrowUp', 60, 200)).toBe(65);
    expect(seekByKey('ArrowLeft', 60, 200)).toBe(55);
    expect(seekByKey('ArrowDown', 3, 200)).toBe(0);
    expect(seekByKey('ArrowRight', 198, 200)).toBe(200);
    expect(seekByKey('Home', 60, 200)).toBeNull();
  });
});
