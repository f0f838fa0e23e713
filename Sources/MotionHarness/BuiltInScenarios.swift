/// The built-in scenarios, as the JSON documents in data/scenarios/ (a test holds the files equal to these).
enum BuiltInScenarios {
    /// Name → JSON text.
    static let json: [String: String] = [
        "fade": #"""
{
  "name": "fade",
  "description": "Opacity fades: basic animations with easeInEaseOut, begins staggered over half a second.",
  "seed": 1,
  "animations": [
    {
      "kind": "basic",
      "from": 0,
      "to": 1,
      "duration": 0.3,
      "easing": "ease-in-out",
      "staggerFrames": 60
    }
  ]
}
"""#,
        "springs": #"""
{
  "name": "springs",
  "description": "Position springs with assorted parameters (SwiftUI, Core Animation, Android, UIKit, Origami, React Native) and initial velocities.",
  "seed": 2,
  "animations": [
    {
      "kind": "spring",
      "springs": [
        "spring(duration: 0.5, bounce: 0.3)",
        "spring(response: 0.35, dampingRatio: 0.86)",
        "spring(mass: 1, stiffness: 170, damping: 26)",
        "android-spring(stiffness: 1500, dampingRatio: 0.5)",
        "uikit-spring(duration: 0.6, dampingRatio: 0.7)",
        "spring(duration: 0.8, bounce: -0.2)",
        "origami-spring(tension: 40, friction: 7)",
        "rn-spring(bounciness: 8, speed: 12)"
      ],
      "initialVelocity": [
        -2,
        4
      ],
      "staggerFrames": 90
    }
  ]
}
"""#,
        "keyframes": #"""
{
  "name": "keyframes",
  "description": "The pendulum UIView keyframe sequence and 5-key cubic keyframes.",
  "seed": 3,
  "animations": [
    {
      "kind": "pendulum",
      "duration": 2,
      "staggerFrames": 120,
      "weight": 1
    },
    {
      "kind": "keyframes",
      "values": [
        0,
        30,
        -10,
        80,
        100
      ],
      "calculationMode": "cubic",
      "duration": 1.2,
      "easing": "ease-in-out",
      "staggerFrames": 60,
      "weight": 1
    }
  ]
}
"""#,
        "card-flip": #"""
{
  "name": "card-flip",
  "description": "The card-flip group: rotation.y 0 to -pi with easeInEaseOut and an autoreversing scale, perspective m34 = -1/1500.",
  "seed": 4,
  "animations": [
    {
      "kind": "card-flip",
      "duration": 0.6,
      "scale": 0.8,
      "staggerFrames": 30
    }
  ]
}
"""#,
        "transitions": #"""
{
  "name": "transitions",
  "description": "Push, reveal, moveIn and fade transition pairs.",
  "seed": 5,
  "animations": [
    {
      "kind": "transition",
      "type": "push",
      "subtype": "fromLeft",
      "duration": 0.35,
      "easing": "ease-in-out",
      "width": 390,
      "staggerFrames": 40,
      "weight": 1
    },
    {
      "kind": "transition",
      "type": "reveal",
      "subtype": "fromRight",
      "duration": 0.35,
      "easing": "ease-in-out",
      "width": 390,
      "staggerFrames": 40,
      "weight": 1
    },
    {
      "kind": "transition",
      "type": "moveIn",
      "subtype": "fromBottom",
      "duration": 0.35,
      "easing": "ease-out",
      "width": 844,
      "staggerFrames": 40,
      "weight": 1
    },
    {
      "kind": "transition",
      "type": "fade",
      "duration": 0.25,
      "easing": "ease-in-out",
      "staggerFrames": 40,
      "weight": 1
    }
  ]
}
"""#,
        "interactive": #"""
{
  "name": "interactive",
  "description": "Percent-driven transitions scrubbed to 30% and then finished or cancelled.",
  "seed": 6,
  "animations": [
    {
      "kind": "interactive",
      "duration": 0.5,
      "scrubTo": 0.3,
      "scrubDuration": 0.4,
      "finish": true,
      "completionSpeed": 1,
      "width": 390,
      "staggerFrames": 30,
      "weight": 1
    },
    {
      "kind": "interactive",
      "duration": 0.5,
      "scrubTo": 0.3,
      "scrubDuration": 0.4,
      "finish": false,
      "completionSpeed": 1.5,
      "width": 390,
      "staggerFrames": 30,
      "weight": 1
    }
  ]
}
"""#,
        "mixed": #"""
{
  "name": "mixed",
  "description": "A realistic blend: fades, springs, keyframes, card flips, transitions and interactive transitions.",
  "seed": 7,
  "animations": [
    {
      "kind": "basic",
      "from": 0,
      "to": 1,
      "duration": 0.3,
      "easing": "ease-in-out",
      "staggerFrames": 60,
      "weight": 30
    },
    {
      "kind": "spring",
      "springs": [
        "spring(duration: 0.5, bounce: 0.3)",
        "spring(response: 0.35, dampingRatio: 0.86)",
        "spring(mass: 1, stiffness: 170, damping: 26)",
        "android-spring(stiffness: 1500, dampingRatio: 0.5)",
        "uikit-spring(duration: 0.6, dampingRatio: 0.7)",
        "spring(duration: 0.8, bounce: -0.2)",
        "origami-spring(tension: 40, friction: 7)",
        "rn-spring(bounciness: 8, speed: 12)"
      ],
      "initialVelocity": [
        -2,
        4
      ],
      "staggerFrames": 90,
      "weight": 25
    },
    {
      "kind": "keyframes",
      "values": [
        0,
        30,
        -10,
        80,
        100
      ],
      "calculationMode": "cubic",
      "duration": 1.2,
      "easing": "ease-in-out",
      "staggerFrames": 60,
      "weight": 8
    },
    {
      "kind": "pendulum",
      "duration": 2,
      "staggerFrames": 120,
      "weight": 4
    },
    {
      "kind": "card-flip",
      "duration": 0.6,
      "scale": 0.8,
      "staggerFrames": 30,
      "weight": 10
    },
    {
      "kind": "transition",
      "type": "push",
      "subtype": "fromLeft",
      "duration": 0.35,
      "easing": "ease-in-out",
      "width": 390,
      "staggerFrames": 40,
      "weight": 5
    },
    {
      "kind": "transition",
      "type": "reveal",
      "subtype": "fromRight",
      "duration": 0.35,
      "easing": "ease-in-out",
      "width": 390,
      "staggerFrames": 40,
      "weight": 3
    },
    {
      "kind": "transition",
      "type": "moveIn",
      "subtype": "fromBottom",
      "duration": 0.35,
      "easing": "ease-out",
      "width": 844,
      "staggerFrames": 40,
      "weight": 3
    },
    {
      "kind": "transition",
      "type": "fade",
      "duration": 0.25,
      "easing": "ease-in-out",
      "staggerFrames": 40,
      "weight": 4
    },
    {
      "kind": "interactive",
      "duration": 0.5,
      "scrubTo": 0.3,
      "scrubDuration": 0.4,
      "finish": true,
      "completionSpeed": 1,
      "width": 390,
      "staggerFrames": 30,
      "weight": 4
    },
    {
      "kind": "interactive",
      "duration": 0.5,
      "scrubTo": 0.3,
      "scrubDuration": 0.4,
      "finish": false,
      "completionSpeed": 1.5,
      "width": 390,
      "staggerFrames": 30,
      "weight": 4
    }
  ]
}
"""#,
    ]
}
