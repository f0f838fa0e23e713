/// The built-in scenarios, as the JSON documents in data/scenarios/ (a test holds the files equal to these).
enum BuiltInScenarios {
    /// Name → JSON text.
    static let json: [String: String] = [
        "fade": #"""
{
  "version": 2,
  "name": "fade",
  "description": "Opacity fades: each layer from its own value to its own target, with its own duration, one of Apple's presets and its own begin time; most repeat, most autoreverse.",
  "seed": 1,
  "animations": [
    {
      "kind": "basic",
      "begin": {
        "uniform": [
          0,
          0.5
        ]
      },
      "value": "scalar",
      "from": {
        "uniform": [
          0,
          0.2
        ]
      },
      "to": {
        "uniform": [
          0.8,
          1
        ]
      },
      "duration": {
        "uniform": [
          0.2,
          0.45
        ]
      },
      "easing": {
        "choice": [
          "default",
          "easeIn",
          "easeOut",
          "easeInEaseOut",
          "linear"
        ]
      },
      "repeatCount": {
        "choice": [
          1,
          4,
          10
        ],
        "weights": [
          1,
          2,
          2
        ]
      },
      "autoreverses": {
        "choice": [
          true,
          false
        ],
        "weights": [
          3,
          1
        ]
      }
    }
  ]
}
"""#,
        "springs": #"""
{
  "version": 2,
  "name": "springs",
  "description": "Position springs: each layer with its own spring (eight platforms' parameter forms, or SwiftUI response and damping ratio drawn per layer), start, target, initial velocity and begin time; 30% are retargeted mid-flight, keeping position and velocity.",
  "seed": 2,
  "animations": [
    {
      "kind": "spring",
      "weight": 3,
      "begin": {
        "uniform": [
          0,
          0.75
        ]
      },
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
      "from": {
        "uniform": [
          0,
          200
        ]
      },
      "to": {
        "uniform": [
          100,
          400
        ]
      },
      "initialVelocity": {
        "uniform": [
          -2,
          4
        ]
      },
      "retarget": {
        "share": 0.3,
        "after": {
          "uniform": [
            0.05,
            0.4
          ]
        },
        "to": {
          "uniform": [
            0,
            400
          ]
        }
      }
    },
    {
      "kind": "spring",
      "weight": 1,
      "begin": {
        "uniform": [
          0,
          0.75
        ]
      },
      "spring": {
        "response": {
          "uniform": [
            0.25,
            0.6
          ]
        },
        "dampingRatio": {
          "uniform": [
            0.5,
            1.2
          ]
        }
      },
      "from": {
        "uniform": [
          0,
          200
        ]
      },
      "to": {
        "uniform": [
          100,
          400
        ]
      },
      "initialVelocity": 0,
      "retarget": {
        "share": 0.3,
        "after": {
          "uniform": [
            0.05,
            0.4
          ]
        },
        "to": {
          "uniform": [
            0,
            400
          ]
        }
      }
    }
  ]
}
"""#,
        "keyframes": #"""
{
  "version": 2,
  "name": "keyframes",
  "description": "The pendulum UIView keyframe sequence with its own duration per layer, and 5-key cubic keyframes with their own values, durations and begin times.",
  "seed": 3,
  "animations": [
    {
      "kind": "pendulum",
      "weight": 1,
      "begin": {
        "uniform": [
          0,
          1
        ]
      },
      "duration": {
        "uniform": [
          1.5,
          2.5
        ]
      }
    },
    {
      "kind": "keyframes",
      "weight": 1,
      "begin": {
        "uniform": [
          0,
          0.5
        ]
      },
      "values": [
        0,
        {
          "uniform": [
            20,
            40
          ]
        },
        {
          "uniform": [
            -20,
            0
          ]
        },
        {
          "uniform": [
            60,
            90
          ]
        },
        100
      ],
      "calculationMode": "cubic",
      "duration": {
        "uniform": [
          0.8,
          1.6
        ]
      },
      "easing": "ease-in-out",
      "repeatCount": {
        "choice": [
          1,
          3
        ]
      },
      "autoreverses": true
    }
  ]
}
"""#,
        "card-flip": #"""
{
  "version": 2,
  "name": "card-flip",
  "description": "The card-flip group: rotation.y 0 to -pi with easeInEaseOut and an autoreversing scale, output as the full 4x4 transform with perspective m34 = -1/1500; each layer with its own duration, scale, repeats and begin time.",
  "seed": 4,
  "animations": [
    {
      "kind": "card-flip",
      "begin": {
        "uniform": [
          0,
          0.25
        ]
      },
      "duration": {
        "uniform": [
          0.4,
          0.8
        ]
      },
      "scale": {
        "uniform": [
          0.7,
          0.9
        ]
      },
      "perspective": 1500,
      "repeatCount": {
        "choice": [
          1,
          2,
          4
        ]
      },
      "autoreverses": {
        "choice": [
          true,
          false
        ]
      }
    }
  ]
}
"""#,
        "transitions": #"""
{
  "version": 2,
  "name": "transitions",
  "description": "Push, reveal, moveIn and fade transition pairs, each with its own duration, curve, layer width, repeats and begin time; outputs both layers' opacity and 4x4 transform.",
  "seed": 5,
  "animations": [
    {
      "kind": "transition",
      "begin": {
        "uniform": [
          0,
          0.35
        ]
      },
      "type": "push",
      "subtype": "fromLeft",
      "duration": {
        "uniform": [
          0.25,
          0.45
        ]
      },
      "easing": {
        "choice": [
          "easeInEaseOut",
          "easeOut",
          "default"
        ]
      },
      "width": {
        "choice": [
          320,
          390,
          430
        ]
      },
      "repeatCount": {
        "choice": [
          1,
          3,
          6
        ]
      },
      "autoreverses": {
        "choice": [
          true,
          false
        ]
      }
    },
    {
      "kind": "transition",
      "begin": {
        "uniform": [
          0,
          0.35
        ]
      },
      "type": "reveal",
      "subtype": "fromRight",
      "duration": {
        "uniform": [
          0.25,
          0.45
        ]
      },
      "easing": {
        "choice": [
          "easeInEaseOut",
          "easeOut",
          "default"
        ]
      },
      "width": {
        "choice": [
          320,
          390,
          430
        ]
      },
      "repeatCount": {
        "choice": [
          1,
          3,
          6
        ]
      },
      "autoreverses": {
        "choice": [
          true,
          false
        ]
      }
    },
    {
      "kind": "transition",
      "begin": {
        "uniform": [
          0,
          0.35
        ]
      },
      "type": "moveIn",
      "subtype": "fromBottom",
      "duration": {
        "uniform": [
          0.25,
          0.45
        ]
      },
      "easing": {
        "choice": [
          "easeInEaseOut",
          "easeOut",
          "default"
        ]
      },
      "width": {
        "choice": [
          320,
          390,
          430
        ]
      },
      "repeatCount": {
        "choice": [
          1,
          3,
          6
        ]
      },
      "autoreverses": {
        "choice": [
          true,
          false
        ]
      }
    },
    {
      "kind": "transition",
      "begin": {
        "uniform": [
          0,
          0.35
        ]
      },
      "type": "fade",
      "duration": {
        "uniform": [
          0.25,
          0.45
        ]
      },
      "easing": {
        "choice": [
          "easeInEaseOut",
          "easeOut",
          "default"
        ]
      },
      "width": {
        "choice": [
          320,
          390,
          430
        ]
      },
      "repeatCount": {
        "choice": [
          1,
          3,
          6
        ]
      },
      "autoreverses": {
        "choice": [
          true,
          false
        ]
      }
    }
  ]
}
"""#,
        "interactive": #"""
{
  "version": 2,
  "name": "interactive",
  "description": "Percent-driven transitions: each gesture scrubs to its own percent over its own time, then finishes or cancels (3 : 1) at its own speed.",
  "seed": 6,
  "animations": [
    {
      "kind": "interactive",
      "begin": {
        "uniform": [
          0,
          1
        ]
      },
      "duration": {
        "uniform": [
          0.4,
          0.6
        ]
      },
      "scrubTo": {
        "uniform": [
          0.1,
          0.6
        ]
      },
      "scrubDuration": {
        "uniform": [
          0.2,
          0.6
        ]
      },
      "finish": {
        "choice": [
          true,
          false
        ],
        "weights": [
          3,
          1
        ]
      },
      "completionSpeed": {
        "uniform": [
          0.8,
          1.5
        ]
      },
      "width": {
        "choice": [
          320,
          390,
          430
        ]
      }
    }
  ]
}
"""#,
        "mixed": #"""
{
  "version": 2,
  "name": "mixed",
  "description": "A realistic blend in which every layer has its own parameters and begin time: opacity fades, position moves and colour changes on Apple's and Material's curves, custom per-layer Beziers, springs with retargets, keyframes, the pendulum, card flips with their 4x4 transform, push/reveal/moveIn/fade transitions and interactive transitions.",
  "seed": 7,
  "animations": [
    {
      "kind": "basic",
      "weight": 20,
      "begin": {
        "uniform": [
          0,
          1
        ]
      },
      "value": "scalar",
      "from": {
        "uniform": [
          0,
          0.2
        ]
      },
      "to": {
        "uniform": [
          0.8,
          1
        ]
      },
      "duration": {
        "uniform": [
          0.2,
          0.45
        ]
      },
      "easing": {
        "choice": [
          "default",
          "easeIn",
          "easeOut",
          "easeInEaseOut",
          "linear"
        ]
      },
      "repeatCount": {
        "choice": [
          1,
          4,
          10
        ],
        "weights": [
          1,
          2,
          2
        ]
      },
      "autoreverses": {
        "choice": [
          true,
          false
        ],
        "weights": [
          3,
          1
        ]
      }
    },
    {
      "kind": "basic",
      "weight": 15,
      "begin": {
        "uniform": [
          0,
          1
        ]
      },
      "value": "point",
      "from": [
        {
          "uniform": [
            0,
            390
          ]
        },
        {
          "uniform": [
            0,
            844
          ]
        }
      ],
      "to": [
        {
          "uniform": [
            0,
            390
          ]
        },
        {
          "uniform": [
            0,
            844
          ]
        }
      ],
      "duration": {
        "uniform": [
          0.25,
          0.5
        ]
      },
      "easing": {
        "choice": [
          "default",
          "easeIn",
          "easeOut",
          "easeInEaseOut",
          "linear",
          "material3-standard",
          "material-decelerate"
        ]
      },
      "repeatCount": {
        "choice": [
          1,
          4,
          10
        ],
        "weights": [
          1,
          2,
          2
        ]
      },
      "autoreverses": {
        "choice": [
          true,
          false
        ],
        "weights": [
          3,
          1
        ]
      }
    },
    {
      "kind": "basic",
      "weight": 4,
      "begin": {
        "uniform": [
          0,
          1
        ]
      },
      "value": "color",
      "from": [
        {
          "uniform": [
            0,
            1
          ]
        },
        {
          "uniform": [
            0,
            1
          ]
        },
        {
          "uniform": [
            0,
            1
          ]
        },
        1
      ],
      "to": [
        {
          "uniform": [
            0,
            1
          ]
        },
        {
          "uniform": [
            0,
            1
          ]
        },
        {
          "uniform": [
            0,
            1
          ]
        },
        {
          "choice": [
            0.6,
            1
          ]
        }
      ],
      "duration": {
        "uniform": [
          0.3,
          0.8
        ]
      },
      "easing": "ease-in-out",
      "repeatCount": {
        "choice": [
          2,
          6
        ]
      },
      "autoreverses": true
    },
    {
      "kind": "basic",
      "weight": 4,
      "begin": {
        "uniform": [
          0,
          1
        ]
      },
      "value": "scalar",
      "from": {
        "uniform": [
          0,
          100
        ]
      },
      "to": {
        "uniform": [
          100,
          300
        ]
      },
      "duration": {
        "uniform": [
          0.3,
          0.6
        ]
      },
      "easing": {
        "randomBezier": {
          "x1": [
            0,
            1
          ],
          "y1": [
            -0.5,
            1.5
          ],
          "x2": [
            0,
            1
          ],
          "y2": [
            -0.5,
            1.5
          ]
        }
      },
      "repeatCount": {
        "choice": [
          1,
          4,
          10
        ],
        "weights": [
          1,
          2,
          2
        ]
      },
      "autoreverses": {
        "choice": [
          true,
          false
        ],
        "weights": [
          3,
          1
        ]
      }
    },
    {
      "kind": "spring",
      "weight": 18,
      "begin": {
        "uniform": [
          0,
          1
        ]
      },
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
      "from": {
        "uniform": [
          0,
          200
        ]
      },
      "to": {
        "uniform": [
          100,
          400
        ]
      },
      "initialVelocity": {
        "uniform": [
          -2,
          4
        ]
      },
      "retarget": {
        "share": 0.3,
        "after": {
          "uniform": [
            0.05,
            0.4
          ]
        },
        "to": {
          "uniform": [
            0,
            400
          ]
        }
      }
    },
    {
      "kind": "spring",
      "weight": 5,
      "begin": {
        "uniform": [
          0,
          1
        ]
      },
      "spring": {
        "response": {
          "uniform": [
            0.25,
            0.6
          ]
        },
        "dampingRatio": {
          "uniform": [
            0.5,
            1.2
          ]
        }
      },
      "from": {
        "uniform": [
          0,
          200
        ]
      },
      "to": {
        "uniform": [
          100,
          400
        ]
      },
      "initialVelocity": 0,
      "retarget": {
        "share": 0.3,
        "after": {
          "uniform": [
            0.05,
            0.4
          ]
        },
        "to": {
          "uniform": [
            0,
            400
          ]
        }
      }
    },
    {
      "kind": "keyframes",
      "weight": 6,
      "begin": {
        "uniform": [
          0,
          1
        ]
      },
      "values": [
        0,
        {
          "uniform": [
            20,
            40
          ]
        },
        {
          "uniform": [
            -20,
            0
          ]
        },
        {
          "uniform": [
            60,
            90
          ]
        },
        100
      ],
      "calculationMode": "cubic",
      "duration": {
        "uniform": [
          0.8,
          1.6
        ]
      },
      "easing": "ease-in-out",
      "repeatCount": {
        "choice": [
          1,
          3
        ]
      },
      "autoreverses": true
    },
    {
      "kind": "pendulum",
      "weight": 3,
      "begin": {
        "uniform": [
          0,
          1
        ]
      },
      "duration": {
        "uniform": [
          1.5,
          2.5
        ]
      }
    },
    {
      "kind": "card-flip",
      "weight": 8,
      "begin": {
        "uniform": [
          0,
          1
        ]
      },
      "duration": {
        "uniform": [
          0.4,
          0.8
        ]
      },
      "scale": {
        "uniform": [
          0.7,
          0.9
        ]
      },
      "perspective": 1500,
      "repeatCount": {
        "choice": [
          1,
          2,
          4
        ]
      },
      "autoreverses": {
        "choice": [
          true,
          false
        ]
      }
    },
    {
      "kind": "transition",
      "weight": 4,
      "begin": {
        "uniform": [
          0,
          1
        ]
      },
      "type": "push",
      "subtype": "fromLeft",
      "duration": {
        "uniform": [
          0.25,
          0.45
        ]
      },
      "easing": {
        "choice": [
          "easeInEaseOut",
          "easeOut",
          "default"
        ]
      },
      "width": {
        "choice": [
          320,
          390,
          430
        ]
      },
      "repeatCount": {
        "choice": [
          1,
          3,
          6
        ]
      },
      "autoreverses": {
        "choice": [
          true,
          false
        ]
      }
    },
    {
      "kind": "transition",
      "weight": 2,
      "begin": {
        "uniform": [
          0,
          1
        ]
      },
      "type": "reveal",
      "subtype": "fromRight",
      "duration": {
        "uniform": [
          0.25,
          0.45
        ]
      },
      "easing": {
        "choice": [
          "easeInEaseOut",
          "easeOut",
          "default"
        ]
      },
      "width": {
        "choice": [
          320,
          390,
          430
        ]
      },
      "repeatCount": {
        "choice": [
          1,
          3,
          6
        ]
      },
      "autoreverses": {
        "choice": [
          true,
          false
        ]
      }
    },
    {
      "kind": "transition",
      "weight": 2,
      "begin": {
        "uniform": [
          0,
          1
        ]
      },
      "type": "moveIn",
      "subtype": "fromBottom",
      "duration": {
        "uniform": [
          0.25,
          0.45
        ]
      },
      "easing": {
        "choice": [
          "easeInEaseOut",
          "easeOut",
          "default"
        ]
      },
      "width": {
        "choice": [
          320,
          390,
          430
        ]
      },
      "repeatCount": {
        "choice": [
          1,
          3,
          6
        ]
      },
      "autoreverses": {
        "choice": [
          true,
          false
        ]
      }
    },
    {
      "kind": "transition",
      "weight": 3,
      "begin": {
        "uniform": [
          0,
          1
        ]
      },
      "type": "fade",
      "duration": {
        "uniform": [
          0.25,
          0.45
        ]
      },
      "easing": {
        "choice": [
          "easeInEaseOut",
          "easeOut",
          "default"
        ]
      },
      "width": {
        "choice": [
          320,
          390,
          430
        ]
      },
      "repeatCount": {
        "choice": [
          1,
          3,
          6
        ]
      },
      "autoreverses": {
        "choice": [
          true,
          false
        ]
      }
    },
    {
      "kind": "interactive",
      "weight": 6,
      "begin": {
        "uniform": [
          0,
          1
        ]
      },
      "duration": {
        "uniform": [
          0.4,
          0.6
        ]
      },
      "scrubTo": {
        "uniform": [
          0.1,
          0.6
        ]
      },
      "scrubDuration": {
        "uniform": [
          0.2,
          0.6
        ]
      },
      "finish": {
        "choice": [
          true,
          false
        ],
        "weights": [
          3,
          1
        ]
      },
      "completionSpeed": {
        "uniform": [
          0.8,
          1.5
        ]
      },
      "width": {
        "choice": [
          320,
          390,
          430
        ]
      }
    }
  ]
}
"""#,
    ]
}
