"use client";
/**
 * Before and after of one run (D27): the baseline and the new capture stacked, a slider that
 * uncovers one over the other, and the changed boxes drawn over both (boxes are in the compared
 * images' pixels, drawn as shares of their size so they follow the image's displayed size).
 */
import { useId, useState } from "react";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function BeforeAfter(props: { before: string; after: string; boxes: Box[]; width: number; height: number }) {
  const [split, setSplit] = useState(50);
  const id = useId();
  const { width, height } = props;
  return (
    <figure className="space-y-2" data-testid="before-after">
      <div
        className="relative overflow-hidden rounded-lg border border-slate-200"
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- stored files of any size, served by /v1/files */}
        <img
          src={props.before}
          alt="Before: the baseline"
          className="absolute inset-0 h-full w-full object-contain object-top"
        />
        {/* eslint-disable-next-line @next/next/no-img-element -- as above */}
        <img
          src={props.after}
          alt="After: this run's capture"
          className="absolute inset-0 h-full w-full object-contain object-top"
          style={{ clipPath: `inset(0 0 0 ${split}%)` }}
        />
        {props.boxes.map((box, i) => (
          <div
            key={i}
            data-testid="changed-box"
            className="pointer-events-none absolute border-2 border-rose-600"
            style={{
              left: `${(box.x / width) * 100}%`,
              top: `${(box.y / height) * 100}%`,
              width: `${(box.width / width) * 100}%`,
              height: `${(box.height / height) * 100}%`,
            }}
          />
        ))}
        <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-slate-900/70" style={{ left: `${split}%` }} />
      </div>
      <label htmlFor={id} className="flex items-center gap-3 text-sm text-slate-700">
        <span>Before</span>
        <input
          id={id}
          type="range"
          min={0}
          max={100}
          value={split}
          onChange={(e) => setSplit(Number(e.target.value))}
          className="flex-1"
          aria-label="Share of the before image shown"
        />
        <span>After</span>
      </label>
    </figure>
  );
}
